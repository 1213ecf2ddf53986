import type { Blog, MyBlog } from '@repolog/contract/blogs';
import type { BlogDetailRow } from './blogs.repository.js';

/** The blog record of GET /api/blog/{blogId} (spec §7 spellings), as a visitor sees it. */
export function presentBlog(row: BlogDetailRow): Blog {
  return {
    blog_id: row.id,
    blog_name: row.name,
    description: row.description,
    git_repo_url: row.gitRepoUrl,
    members: row.memberLogins,
    owner: row.ownerLogin,
    fav_count: row.favCount,
    fav_button: false,
    article_count: row.articleCount,
    created_at: row.createdAt.toISOString(),
    break_throughs: row.articles.map((a) => ({
      articleId: a.id,
      articleTitle: a.title,
      createdAt: a.createdAt.toISOString(),
      likeCount: a.likeCount,
      commentCount: a.commentCount,
    })),
  };
}

/** One entry of GET /api/blog (the workspace list). */
export function presentMyBlog(row: { id: number; name: string; description: string }): MyBlog {
  return { blogId: row.id, blogName: row.name, description: row.description };
}
