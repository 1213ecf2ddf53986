import { z } from 'zod';
import { fieldSays } from './validation';

/** GET /api/auth/status */
export const authStatusSchema = z.object({
  loggedIn: z.boolean(),
  message: z.string(),
  userId: z.number().int().optional(),
  userName: z.string().optional(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

/** GET /api/auth/info — the spec's "current user with userId". */
export const currentUserSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/auth/github — the /github page hands over what GitHub sent back. */
export const githubLoginSchema = z.object({
  code: z
    .string({ error: fieldSays('code', 'required') })
    .min(1, fieldSays('code', 'required'))
    .max(512, fieldSays('code', 'tooLong', { max: 512 })),
  state: z
    .string({ error: fieldSays('state', 'required') })
    .min(1, fieldSays('state', 'required'))
    .max(512, fieldSays('state', 'tooLong', { max: 512 })),
});
export type GithubLogin = z.infer<typeof githubLoginSchema>;

export const loginResultSchema = z.object({
  loggedIn: z.literal(true),
  userId: z.number().int(),
  userName: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /api/auth/refresh, /api/auth/logout, DELETE /api/auth/delete-account */
export const okSchema = z.object({ message: z.string() });
export type Ok = z.infer<typeof okSchema>;
