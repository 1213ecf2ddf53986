import type { BlogResource } from '@repolog/contract/permissions';
import type { Db } from '../db/client.js';
import {
  blogMembersRepository,
  type BlogMembershipRow,
  type UserBlogRow,
} from './blog-members.repository.js';

/** A blog with its owner and members (earliest added first). */
export type BlogMembership = BlogMembershipRow;

/** A blog a user is a member or the owner of. */
export type MemberBlog = UserBlogRow;

/** The blog as can() sees it: user ids decide, logins are for the web's sake. */
export const blogResource = (
  blog: Pick<BlogMembership, 'ownerId' | 'ownerLogin' | 'members'>,
): BlogResource => ({
  members: blog.members.map((member) => member.login),
  owner: blog.ownerLogin,
  memberIds: blog.members.map((member) => member.userId),
  ownerId: blog.ownerId,
});

/** Who belongs to a blog, for every feature whose rules ask (one read, owned by blogs). */
export function blogMemberships(db: Db) {
  const repo = blogMembersRepository(db);
  return {
    /** The blog's owner and members; in the caller's transaction when given one. */
    find: (blogId: number, tx?: Db): Promise<BlogMembership | undefined> =>
      repo.find({ blogId }, tx),

    /** The same, for the blog made from a repository (owner/name, lower-cased). */
    findByRepo: (repoKey: string): Promise<BlogMembership | undefined> => repo.find({ repoKey }),

    /** The blogs `userId` is a member or the owner of: owned first, then by name. */
    blogsOf: (userId: number): Promise<MemberBlog[]> => repo.blogsOf(userId),
  };
}

export type BlogMemberships = ReturnType<typeof blogMemberships>;
