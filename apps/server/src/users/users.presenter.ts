import type { UserProfile } from '@repolog/contract/users';
import type { MemberBlog } from '../blogs/blogs.public.js';
import type { UserCounts, UserRow } from './users.repository.js';

/** The profile of GET /api/user/{login}: public facts of the account, never its tokens. */
export function presentProfile(
  user: UserRow,
  blogs: MemberBlog[],
  counts: UserCounts,
): UserProfile {
  return {
    userId: user.id,
    login: user.userName,
    name: user.displayName,
    avatarUrl: user.avatarUrl,
    blogs: blogs.map((blog) => ({ blogId: blog.id, blogName: blog.name, owner: blog.owner })),
    counts: {
      breakthroughs: counts.breakthroughs,
      likesReceived: counts.likesReceived,
      comments: counts.comments,
    },
  };
}
