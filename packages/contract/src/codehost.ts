import { z } from 'zod';
import { fieldSays } from './validation';

/** GET /api/repos — the signed-in user's GitHub repositories. */
export const repoOptionSchema = z.object({
  html_url: z.string(),
  full_name: z.string(),
  private: z.boolean(),
  description: z.string().nullable(),
  /** The blog already made from this repository (one blog per repository), or null. */
  blogId: z.number().int().nullable(),
});
export const repoOptionsSchema = z.array(repoOptionSchema);
export type RepoOption = z.infer<typeof repoOptionSchema>;

export const htmlUrlQuerySchema = z.object({
  html_url: z
    .string({ error: fieldSays('html_url', 'required') })
    .trim()
    .min(1, fieldSays('html_url', 'required'))
    .max(300, fieldSays('html_url', 'tooLong', { max: 300 })),
});

export const activityTypeSchema = z.enum(['Commit', 'Issue', 'PullRequest']);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** GET /api/issues-and-commits — newest first. */
export const activitySchema = z.object({
  type: activityTypeSchema,
  title: z.string(),
  state: z.string(),
  date: z.string(),
  url: z.string(),
});
export const activityListSchema = z.array(activitySchema);
export type Activity = z.infer<typeof activitySchema>;

/** GET /api/issues-and-commits/title — options for the problem and solution dropdowns. */
export const activityTitleSchema = z.object({
  title: z.string(),
  type: activityTypeSchema,
});
export const activityTitleListSchema = z.array(activityTitleSchema);
export type ActivityTitle = z.infer<typeof activityTitleSchema>;
