import { z } from 'zod';
import { listQuerySchema } from './common';
import { GITHUB_LOGIN } from './constants';
import { fieldSays, says } from './validation';

/** A GitHub login as GitHub allows it: letters, digits, single hyphens, up to 39 characters. */
export { GITHUB_LOGIN };

/** GET /api/check-user?username= */
export const checkUserQuerySchema = z.object({
  username: z
    .string({ error: fieldSays('username', 'required') })
    .trim()
    .min(1, fieldSays('username', 'required'))
    .max(39, fieldSays('username', 'tooLong', { max: 39 })),
});
export const checkUserSchema = z.object({ isexists: z.boolean() });
export type CheckUser = z.infer<typeof checkUserSchema>;

/** GET /api/user/{login}…: a GitHub login, matched without regard to case. */
export const userLoginParamsSchema = z.object({
  login: z
    .string({ error: fieldSays('login', 'required') })
    .regex(GITHUB_LOGIN, says('validation.login.invalid')),
});

/** A blog the user is a member of (the owner is a member too). */
export const userBlogSchema = z.object({
  blogId: z.number().int(),
  blogName: z.string(),
  /** Whether the user owns it (created it, or inherited it). */
  owner: z.boolean(),
});
export type UserBlog = z.infer<typeof userBlogSchema>;

/** GET /api/user/{login}: a profile page's header. */
export const userProfileSchema = z.object({
  userId: z.number().int(),
  /** The GitHub login, as GitHub spells it (the address may use any case). */
  login: z.string(),
  /** The GitHub display name; null when the account has none. */
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Blogs the user runs with others, owned ones first, then by name. */
  blogs: z.array(userBlogSchema),
  counts: z.object({
    /** Breakthroughs the user posted (as their author). */
    breakthroughs: z.number().int(),
    /** Likes those breakthroughs received. */
    likesReceived: z.number().int(),
    /** Comments the user wrote. */
    comments: z.number().int(),
  }),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * GET /api/user/{login}/breakthroughs?page=&size=: the breakthrough list's paging (its
 * X-Total-Count and Link headers); the items are the list's (articleListSchema).
 */
export const userBreakthroughsQuerySchema = listQuerySchema.pick({ page: true, size: true });
