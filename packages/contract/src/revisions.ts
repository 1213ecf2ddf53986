import { z } from 'zod';
import { idParam, isoDate } from './common';

export const revisionParamsSchema = z.object({
  articleId: idParam('articleId'),
  revisionId: idParam('revisionId'),
});

/** GET /api/article/{articleId}/revisions: newest first. */
export const revisionSummarySchema = z.object({
  revisionId: z.number().int(),
  /** 1 for the breakthrough as posted, then one more for each saved edit. */
  number: z.number().int(),
  /** Who posted or saved it; null when that account was deleted (userName says so). */
  userId: z.number().int().nullable(),
  userName: z.string(),
  createdAt: isoDate,
});
export const revisionListSchema = z.array(revisionSummarySchema);
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** GET /api/article/{articleId}/revisions/{revisionId}: the fields as they were. */
export const revisionSchema = revisionSummarySchema.extend({
  title: z.string(),
  content: z.string(),
  about: z.string().nullable(),
  problem: z.string().nullable(),
  solution: z.string().nullable(),
});
export type Revision = z.infer<typeof revisionSchema>;

/** POST /api/article/{articleId}/revisions/{revisionId}/restore */
export const restoredRevisionSchema = z.object({
  message: z.string(),
  /** The new revision the restore recorded. */
  revisionId: z.number().int(),
});
export type RestoredRevision = z.infer<typeof restoredRevisionSchema>;
