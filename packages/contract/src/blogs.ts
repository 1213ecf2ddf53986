import { z } from 'zod';
import { idParam, isoDate, requiredText } from './common';
import { limits, utf8Bytes } from './limits';
import { GITHUB_LOGIN } from './users';
import { fieldSays, says } from './validation';

export const blogIdParamsSchema = z.object({ blogId: idParam('blogId') });

const description = z
  .string({ error: fieldSays('description', 'required') })
  .trim()
  .min(1, fieldSays('description', 'required'))
  .refine(
    (value) => utf8Bytes(value) <= limits.descriptionBytes.max,
    fieldSays('description', 'tooLong', { max: limits.descriptionBytes.max }),
  );

const notLogin = says('validation.blogMember.notLogin');
const memberLogin = z.string({ error: notLogin }).trim().regex(GITHUB_LOGIN, notLogin);

const blogMember = z
  .array(memberLogin, { error: says('validation.blogMember.notList') })
  .max(
    limits.blogMembers.max,
    says('validation.blogMember.tooMany', { max: limits.blogMembers.max }),
  )
  .default([]);

const REPO_URL_MAX = 300;

/** POST /api/blog */
export const createBlogSchema = z.object({
  blogName: requiredText('blogName', limits.blogName.max),
  description,
  gitRepoUrl: z
    .string({ error: fieldSays('gitRepoUrl', 'required') })
    .trim()
    .min(1, fieldSays('gitRepoUrl', 'required'))
    .max(REPO_URL_MAX, fieldSays('gitRepoUrl', 'tooLong', { max: REPO_URL_MAX })),
  blogMember,
});
export type CreateBlog = z.input<typeof createBlogSchema>;

/** PUT /api/blog/{blogId}: the repository cannot change; gitRepoUrl may be sent unchanged. */
export const updateBlogSchema = createBlogSchema.extend({
  gitRepoUrl: z
    .string({ error: fieldSays('gitRepoUrl', 'notText') })
    .trim()
    .max(REPO_URL_MAX, fieldSays('gitRepoUrl', 'tooLong', { max: REPO_URL_MAX }))
    .optional(),
});
export type UpdateBlog = z.input<typeof updateBlogSchema>;

export const createdBlogSchema = z.object({ blog_id: z.number().int(), message: z.string() });
export type CreatedBlog = z.infer<typeof createdBlogSchema>;

/** An article as listed on its blog's page. */
export const blogArticleSummarySchema = z.object({
  articleId: z.number().int(),
  articleTitle: z.string(),
  createdAt: isoDate,
  likeCount: z.number().int(),
  commentCount: z.number().int(),
});
export type BlogArticleSummary = z.infer<typeof blogArticleSummarySchema>;

/** GET /api/blog/{blogId} and GET /api/blog/non-member/{blogId} */
export const blogSchema = z.object({
  blog_id: z.number().int(),
  blog_name: z.string(),
  description: z.string(),
  git_repo_url: z.string(),
  /** GitHub logins of the members; the owner is one of them. */
  members: z.array(z.string()),
  owner: z.string(),
  fav_count: z.number().int(),
  fav_button: z.boolean(),
  article_count: z.number().int(),
  created_at: isoDate,
  /** The newest 15 articles. */
  break_throughs: z.array(blogArticleSummarySchema),
});
export type Blog = z.infer<typeof blogSchema>;

/** GET /api/blog — blogs the user runs. */
export const myBlogSchema = z.object({
  blogId: z.number().int(),
  blogName: z.string(),
  description: z.string(),
});
export const myBlogListSchema = z.array(myBlogSchema);
export type MyBlog = z.infer<typeof myBlogSchema>;

/** GET /api/home/blog and GET /api/home/blog/like */
export const blogCardSchema = z.object({
  blog_id: z.number().int(),
  blog_name: z.string(),
  description: z.string(),
});
export const blogCardListSchema = z.array(blogCardSchema);
export type BlogCard = z.infer<typeof blogCardSchema>;

/** PUT /api/blog/{blogId}/favorites */
export const favoriteBodySchema = z.object({ blogId: idParam('blogId').optional() });
export const favoriteResultSchema = z.object({
  fav_button: z.boolean(),
  fav_count: z.number().int(),
});
export type FavoriteResult = z.infer<typeof favoriteResultSchema>;
