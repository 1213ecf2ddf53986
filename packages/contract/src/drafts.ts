import { z } from 'zod';
import { about, createdArticleSchema, optionalTitle, tagsInput } from './articles';
import { errorBodySchema, idParam, isoDate } from './common';
import { limits } from './limits';
import { repoRefInput } from './repo-items';
import { fieldSays, says } from './validation';

export const draftIdParamsSchema = z.object({ draftId: idParam('draftId') });

/**
 * A draft holds the form as it is being typed: title and body may still be empty or padded
 * (they are checked as a breakthrough's only when it is posted), but never past the limits.
 */
const draftText = (name: string, max: number) =>
  z
    .string({ error: fieldSays(name, 'notText') })
    .max(max, fieldSays(name, 'tooLong', { max }))
    .optional()
    .transform((value) => value ?? '');

const draftFields = {
  title: draftText('title', limits.articleTitle.max),
  content: draftText('content', limits.articleBody.max),
  about,
  problem: optionalTitle('problem'),
  solution: optionalTitle('solution'),
  problemRef: repoRefInput('problemRef'),
  solutionRef: repoRefInput('solutionRef'),
  /** The tags chosen so far (the rules are checked when it is posted). */
  tags: tagsInput.transform((value) => value ?? []),
};

const version = z
  .number({ error: says('validation.version.notNumber') })
  .int(fieldSays('version', 'notWhole'))
  .positive(fieldSays('version', 'notPositive'))
  .max(2_147_483_647, fieldSays('version', 'outOfRange'));

/** POST /api/blog/{blogId}/drafts: a new draft, or (articleId) a pending edit of a breakthrough. */
export const createDraftSchema = z.object({
  articleId: idParam('articleId').optional(),
  ...draftFields,
});
export type CreateDraft = z.input<typeof createDraftSchema>;

/** PUT /api/draft/{draftId}: every field, and the version the page last saw. */
export const saveDraftSchema = z.object({ version, ...draftFields });
export type SaveDraft = z.input<typeof saveDraftSchema>;

/**
 * POST /api/draft/{draftId}/publish: posts (or, for an edit, saves) the version the page saw. A
 * draft edited live is posted as its live document stands (every stored change of every
 * editor); its version is not compared.
 */
export const publishDraftSchema = z.object({ version });
export type PublishDraft = z.input<typeof publishDraftSchema>;

/** GET /api/draft/{draftId} */
export const draftSchema = z.object({
  draftId: z.number().int(),
  blogId: z.number().int(),
  /** The breakthrough this draft edits; null for a breakthrough not posted yet. */
  articleId: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  about: z.string().nullable(),
  problem: z.string().nullable(),
  solution: z.string().nullable(),
  /** `issue:12`, `pull:45`, `commit:<sha>`: the items problem and solution are about. */
  problemRef: z.string().nullable(),
  solutionRef: z.string().nullable(),
  tags: z.array(z.string()),
  version: z.number().int(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  /** Who saved it last; null when that account was deleted (updatedByName says so). */
  updatedById: z.number().int().nullable(),
  updatedByName: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Draft = z.infer<typeof draftSchema>;

/** GET /api/blog/{blogId}/drafts: newest first, without the bodies. */
export const draftSummarySchema = draftSchema
  .omit({
    content: true,
    about: true,
    problem: true,
    solution: true,
    problemRef: true,
    solutionRef: true,
    tags: true,
  })
  .extend({
    /** The logins of the members who have it open now (live), each once. */
    editingNow: z.array(z.string()),
  });
export const draftListSchema = z.array(draftSummarySchema);
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/** 409 of PUT and publish: the draft was saved elsewhere since `version`; here it is now. */
export const draftConflictSchema = errorBodySchema.extend({ draft: draftSchema });
export type DraftConflict = z.infer<typeof draftConflictSchema>;

/** POST /api/draft/{draftId}/publish: the breakthrough it became (or changed). */
export const publishedDraftSchema = createdArticleSchema;
export type PublishedDraft = z.infer<typeof publishedDraftSchema>;
