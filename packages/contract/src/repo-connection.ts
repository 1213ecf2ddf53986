import { z } from 'zod';
import { fieldSays } from './validation';

/** How a blog's repository is connected to Repolog's GitHub App. */
export const REPO_CONNECTION_STATES = ['connected', 'not_connected', 'removed'] as const;
export type RepoConnectionState = (typeof REPO_CONNECTION_STATES)[number];

export const repoSettingsSchema = z.object({
  /** A merged pull request leaves a draft for the blog (on unless turned off). */
  mergedPullDrafts: z.boolean(),
  /** The App comments on an issue or pull request a breakthrough is about (off unless on). */
  closeLoop: z.boolean(),
});
export type RepoSettings = z.infer<typeof repoSettingsSchema>;

/** GET /api/blogs/{blogId}/repository-connection (members only). */
export const repoConnectionSchema = z.object({
  /** Whether a GitHub App is configured at all (without one, nothing here applies). */
  configured: z.boolean(),
  state: z.enum(REPO_CONNECTION_STATES),
  /** The App's install page, for "Connect repository"; null without an App. */
  installUrl: z.string().nullable(),
  settings: repoSettingsSchema,
  /** Permissions the App lacks for what the blog turned on, e.g. {name: 'issues', level: 'write'}. */
  missingPermissions: z.array(z.object({ name: z.string(), level: z.string() })),
});
export type RepoConnection = z.infer<typeof repoConnectionSchema>;

/** PUT /api/blogs/{blogId}/repository-connection: either setting, or both. */
export const repoSettingsInputSchema = z.object({
  mergedPullDrafts: z
    .boolean({ error: fieldSays('mergedPullDrafts', 'oneOf', { options: 'true, false' }) })
    .optional(),
  closeLoop: z
    .boolean({ error: fieldSays('closeLoop', 'oneOf', { options: 'true, false' }) })
    .optional(),
});

/** GET /api/blogs/{blogId}/breakthrough-refs: which repository items the blog wrote about. */
export const breakthroughRefSchema = z.object({
  /** `issue:12`, `pull:45`, `commit:<sha>`. */
  ref: z.string(),
  articleId: z.number().int(),
  title: z.string(),
});
export const breakthroughRefListSchema = z.array(breakthroughRefSchema);
export type BreakthroughRef = z.infer<typeof breakthroughRefSchema>;
