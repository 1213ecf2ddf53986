import { z } from 'zod';
import { idParam } from './common';
import { REPO_ITEM_TYPES, isRefKey, refKey } from './repo-import';
import { fieldSays, says } from './validation';

export const repoItemTypeSchema = z.enum(REPO_ITEM_TYPES, {
  error: fieldSays('type', 'oneOf', { options: REPO_ITEM_TYPES.join(', ') }),
});

export const repoItemStateSchema = z.enum(['open', 'closed', 'merged', 'committed']);

export const blogIdParamsSchema = z.object({ blogId: idParam('blogId') });

/** GET /api/blogs/{blogId}/repo-items?q=&type= — words, `#123` or a SHA prefix. */
export const repoItemsQuerySchema = z.object({
  q: z
    .string({ error: fieldSays('q', 'notText') })
    .trim()
    .max(200, fieldSays('q', 'tooLong', { max: 200 }))
    .optional()
    .default(''),
  type: repoItemTypeSchema.optional(),
});

/** One issue, pull request or commit of the blog's repository, as the picker lists it. */
export const repoItemSchema = z.object({
  /** `issue:12`, `pull:45`, `commit:<sha>`. */
  ref: z.string(),
  type: repoItemTypeSchema,
  number: z.number().int().nullable(),
  sha: z.string().nullable(),
  title: z.string(),
  state: repoItemStateSchema,
  url: z.string(),
});
export const repoItemListSchema = z.array(repoItemSchema);
export type RepoItem = z.infer<typeof repoItemSchema>;

/** `issue:123`, `pull:45` or `commit:<sha or prefix>`. */
export const repoItemRefParamsSchema = z.object({
  blogId: idParam('blogId'),
  ref: z
    .string()
    .regex(
      /^(?:(?:issue|pull):[1-9]\d{0,9}|commit:[0-9a-fA-F]{4,40})$/,
      says('validation.ref.invalid'),
    ),
});

const fileSchema = z.object({
  path: z.string(),
  additions: z.number().int(),
  deletions: z.number().int(),
  patch: z.string().nullable(),
});

/** GET /api/blogs/{blogId}/repo-items/{ref} — everything an import into text needs. */
export const repoItemDetailSchema = repoItemSchema.extend({
  author: z.string().nullable(),
  labels: z.array(z.string()),
  body: z.string().nullable(),
  comments: z.array(
    z.object({
      author: z.string().nullable(),
      /** The repository's own people (owner, member, collaborator) come first. */
      maintainer: z.boolean(),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
  commits: z.array(z.object({ sha: z.string(), title: z.string() })),
  files: z.array(fileSchema),
});
export type RepoItemDetail = z.infer<typeof repoItemDetailSchema>;

/** A breakthrough's reference to an item of its repository, as the API returns it. */
export const repoRefSchema = z.object({
  type: repoItemTypeSchema,
  number: z.number().int().nullable(),
  sha: z.string().nullable(),
  url: z.string(),
});

/**
 * problemRef / solutionRef as sent: `{type, number}` or `{type, sha}` (a `url` is ignored: the
 * server makes it from the blog's repository), or the stored form `issue:12`; null (or '') for
 * none. Read as the stored form; left out stays undefined, so an edit can keep the stored ref
 * (the server's keptRef: kept while the matching title is unchanged).
 */
export const repoRefInput = (name: string) =>
  z
    .union([
      z.string(),
      z.object({
        type: repoItemTypeSchema,
        number: z.number().int().positive().nullable().optional(),
        sha: z.string().nullable().optional(),
        url: z.string().optional(),
      }),
      z.null(),
    ])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value === '') return null;
      const key =
        typeof value === 'string'
          ? value
          : refKey({ type: value.type, number: value.number ?? null, sha: value.sha ?? null });
      const lower = key.toLowerCase();
      if (!isRefKey(lower)) {
        ctx.addIssue({ code: 'custom', message: says('validation.repoRef.invalid', { name }) });
        return z.NEVER;
      }
      return lower;
    });
