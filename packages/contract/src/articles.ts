import { z } from 'zod';
import { idParam, isoDate, listQuerySchema, requiredBody, requiredText } from './common';
import { LIST_SORTS } from './constants';
import { LANGUAGES, findLanguage } from './languages';
import { limits } from './limits';
import { repoRefInput, repoRefSchema } from './repo-items';
import { fieldSays } from './validation';

export const articleIdParamsSchema = z.object({ articleId: idParam('articleId') });

/**
 * GET /api/article/{articleId}/repo-refs: the breakthrough's references as its blog's members
 * see them, a private repository's included (the shared article answer leaves those out).
 */
export const articleRepoRefsSchema = z.object({
  problemRef: repoRefSchema.nullable(),
  solutionRef: repoRefSchema.nullable(),
});
export type ArticleRepoRefs = z.infer<typeof articleRepoRefsSchema>;

const NOT_A_LANGUAGE = fieldSays('about', 'oneOf', { options: LANGUAGES.join(', ') });

/** Optional language: '' or null means none; otherwise one of the spec's ten (any case). */
export const about = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const language = findLanguage(value);
    if (!language) {
      ctx.addIssue({ code: 'custom', message: NOT_A_LANGUAGE });
      return z.NEVER;
    }
    return language;
  });

export const optionalTitle = (name: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === undefined || value === null || value.trim() === '' ? null : value.trim(),
    )
    .refine(
      (value) => value === null || value.length <= 300,
      fieldSays(name, 'tooLong', { max: 300 }),
    );

/**
 * Tags as sent: the rules (./tag-rules) are checked by the server, so a refusal names the tag.
 * Here only the shape is: a list of short texts.
 */
export const tagsInput = z
  .array(
    z
      .string({ error: fieldSays('tags', 'notText') })
      .max(100, fieldSays('tags', 'tooLong', { max: 100 })),
    { error: fieldSays('tags', 'notText') },
  )
  .max(20, fieldSays('tags', 'atMost', { max: 20 }))
  .optional();

/** The OpenAPI description of problemRef / solutionRef. */
const REF_ON_EDIT = (title: 'problem' | 'solution') =>
  `The repository item \`${title}\` is about: \`{type, number}\`, \`{type, sha}\` or \`issue:12\`; null for none. ` +
  `On an edit (PUT), leaving it out keeps the stored reference while \`${title}\` is unchanged ` +
  `and clears it when \`${title}\` changes; null clears it; a reference replaces it.`;

/** POST /api/article */
export const createArticleSchema = z.object({
  blogId: idParam('blogId'),
  title: requiredText('title', limits.articleTitle.max),
  content: requiredBody('content', limits.articleBody.max),
  about,
  problem: optionalTitle('problem'),
  solution: optionalTitle('solution'),
  /**
   * The repository item the problem is about. On an edit: left out, the stored ref is kept while
   * `problem` is unchanged and cleared when `problem` changes (it now names something else);
   * null clears it; a ref replaces it. So a client that knows only the title strings never
   * erases a reference by editing.
   */
  problemRef: repoRefInput('problemRef').meta({ description: REF_ON_EDIT('problem') }),
  /** The repository item the solution is about; on an edit, kept as problemRef is. */
  solutionRef: repoRefInput('solutionRef').meta({ description: REF_ON_EDIT('solution') }),
  /** Up to 4 (rules: ./tag-rules); on an edit, leaving it out keeps the tags as they are. */
  tags: tagsInput,
});
export type CreateArticle = z.input<typeof createArticleSchema>;

/** PUT /api/article/{articleId}: same fields; blogId, when sent, must be the article's blog. */
export const updateArticleSchema = createArticleSchema.extend({
  blogId: idParam('blogId').optional(),
});
export type UpdateArticle = z.input<typeof updateArticleSchema>;

/** GET /api/article/breakthrough/{articleId} */
export const articleSchema = z.object({
  articleId: z.number().int(),
  blogId: z.number().int(),
  /** The author's user id; null when the author deleted their account. */
  userId: z.number().int().nullable(),
  userName: z.string(),
  title: z.string(),
  blogName: z.string(),
  content: z.string(),
  /** The body rendered to safe HTML (sanitized, spec link protocols, highlighted code). */
  contentHtml: z.string(),
  about: z.string().nullable(),
  problem: z.string().nullable(),
  solution: z.string().nullable(),
  /** The repository items problem and solution are about; null for none, or a private repository. */
  problemRef: repoRefSchema.nullable(),
  solutionRef: repoRefSchema.nullable(),
  likeCount: z.number().int(),
  likeButton: z.boolean(),
  /** Its tags (up to 4, lowercase), in the order the writers chose them. */
  tags: z.array(z.string()),
  createdAt: isoDate,
  updatedAt: isoDate,
  /**
   * Members who wrote it with the author (they changed its draft), in the order they joined;
   * they may edit it too.
   */
  coauthors: z.array(z.object({ userId: z.number().int(), userName: z.string() })),
  /** Hidden by a moderator: only its author reads it, with the reason. */
  hidden: z.object({ reason: z.string() }).optional(),
  /** Its comments are closed (by a member of the blog or a moderator): no new ones. */
  commentsLocked: z.boolean().optional(),
  /** The caller may close or open its comments (a member of the blog, or a moderator). */
  commentsLockButton: z.boolean().optional(),
});
export type Article = z.infer<typeof articleSchema>;

export const createdArticleSchema = z.object({
  articleId: z.number().int(),
  blogId: z.number().int(),
  message: z.string(),
});
export type CreatedArticle = z.infer<typeof createdArticleSchema>;

export type { ListSort } from './constants';

/** GET /api/article/breakthrough: the list query, and its order (newest or most liked first). */
export const breakthroughListQuerySchema = listQuerySchema.extend({
  sort: z
    .enum(LIST_SORTS, { error: fieldSays('sort', 'oneOf', { options: LIST_SORTS.join(', ') }) })
    .optional(),
});
export type BreakthroughListQuery = z.infer<typeof breakthroughListQuerySchema>;

/** GET /api/article/breakthrough and GET /api/home/article/like */
export const articleListItemSchema = z.object({
  articleId: z.number().int(),
  title: z.string(),
  createdAt: isoDate,
  blogName: z.string(),
  blogId: z.number().int(),
  about: z.string().nullable(),
  /** Likes it has received (the stored counter). */
  likeCount: z.number().int(),
  /** Comments under it (the stored counter). */
  commentCount: z.number().int(),
  /** Its tags (up to 4, lowercase). */
  tags: z.array(z.string()),
});
export const articleListSchema = z.array(articleListItemSchema);
export type ArticleListItem = z.infer<typeof articleListItemSchema>;

/** GET /api/home/article (every list item carries likeCount, as the spec has for this one). */
export const homeArticleSchema = articleListItemSchema;
export const homeArticleListSchema = z.array(homeArticleSchema);
export type HomeArticle = z.infer<typeof homeArticleSchema>;

/** PUT /api/article/{articleId}/like */
export const likeBodySchema = z.object({ articleId: idParam('articleId').optional() });
export const likeResultSchema = z.object({
  likeButton: z.boolean(),
  likeCount: z.number().int(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;
