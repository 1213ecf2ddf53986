import { z } from 'zod';
import { idParam, isoDate } from './common';
import { limits } from './limits';
import { fieldSays } from './validation';

export const commentListParamsSchema = z.object({ articleId: idParam('articleId') });
export const commentIdParamsSchema = z.object({ commentId: idParam('commentId') });
export const commentDeleteParamsSchema = z.object({
  articleId: idParam('articleId'),
  commentId: idParam('commentId'),
});

const content = z
  .string({ error: fieldSays('content', 'required') })
  .refine((value) => value.trim().length > 0, fieldSays('content', 'required'))
  .refine(
    (value) => value.length <= limits.comment.max,
    fieldSays('content', 'tooLong', { max: limits.comment.max }),
  )
  .transform((value) => value.trim());

/** POST /api/comment */
export const createCommentSchema = z.object({ articleId: idParam('articleId'), content });
export type CreateComment = z.input<typeof createCommentSchema>;

/** PUT /api/comment/{commentId}; articleId, when sent, must be the comment's article. */
export const updateCommentSchema = z.object({
  articleId: idParam('articleId').optional(),
  content,
});
export type UpdateComment = z.input<typeof updateCommentSchema>;

export const commentSchema = z.object({
  commentId: z.number().int(),
  articleId: z.number().int(),
  userName: z.string(),
  date: isoDate,
  updatedAt: isoDate,
  content: z.string(),
  /** Whether the caller may edit / delete this comment. */
  updateButton: z.boolean(),
  deleteButton: z.boolean(),
  /** Hidden by a moderator or a member: only its author (who sees why) and members see it. */
  hidden: z.object({ reason: z.string() }).optional(),
  /** Held for approval ('links' or 'repeated'): only its author and the approvers see it. */
  held: z.enum(['links', 'repeated']).optional(),
  /** Its author is someone the caller blocked: shown folded. */
  folded: z.boolean().optional(),
  /** The caller may hide, restore or approve it (a member of the blog, or a moderator). */
  moderateButton: z.boolean().optional(),
});
export const commentListSchema = z.array(commentSchema);
export type Comment = z.infer<typeof commentSchema>;
