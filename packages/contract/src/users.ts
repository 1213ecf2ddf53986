import { z } from 'zod';

/** GET /api/check-user?username= */
export const checkUserQuerySchema = z.object({
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(1, 'username is required')
    .max(39, 'username must be at most 39 characters'),
});
export const checkUserSchema = z.object({ isexists: z.boolean() });
export type CheckUser = z.infer<typeof checkUserSchema>;

/** A GitHub login as GitHub allows it: letters, digits, single hyphens, up to 39 characters. */
export const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
