import type { Comment } from '@repolog/contract/comments';
import { can, type Actor, type CommentResource } from '@repolog/contract/permissions';
import type { CommentRow } from './comments.repository.js';

/** What the permission table needs to decide on a comment. */
export const commentResource = (row: CommentRow): CommentResource => ({
  authorId: row.userId,
  article: { userId: row.articleAuthorId },
});

/** Who is reading a thread: a visitor (null), or a person with their standing in it. */
export interface ThreadReader {
  actor: Actor;
  /** A member of the breakthrough's blog, or a moderator: sees hidden and held comments. */
  keeper: boolean;
  /** The people the reader blocked: their comments come folded. */
  blocked: ReadonlySet<number>;
}

/**
 * A comment as the caller sees it: the edit/delete buttons are the caller's own rights; hidden
 * and held comments only for their author (who sees why) and the blog's keepers; undefined
 * when the caller may not see it.
 */
export function presentComment(row: CommentRow, reader: ThreadReader | null): Comment | undefined {
  const actor = reader?.actor ?? null;
  const own = !!actor && actor.userId === row.userId;
  const keeper = !!reader?.keeper;
  if ((row.hiddenAt || row.held) && !own && !keeper) return undefined;
  const resource = commentResource(row);
  return {
    commentId: row.id,
    articleId: row.articleId,
    userName: row.userName,
    date: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    content: row.content,
    updateButton: can(actor, 'comment.edit', resource),
    deleteButton: can(actor, 'comment.delete', resource) || keeper,
    ...(row.hiddenAt ? { hidden: { reason: row.hiddenReason ?? '' } } : {}),
    ...(row.held === 'links' || row.held === 'repeated' ? { held: row.held } : {}),
    ...(reader?.blocked.has(row.userId) ? { folded: true } : {}),
    // Keepers hide others' comments; their own they edit or delete.
    ...(keeper && !own ? { moderateButton: true } : {}),
  };
}

/** The comments of a thread the caller may see. */
export const presentThread = (rows: CommentRow[], reader: ThreadReader | null): Comment[] =>
  rows.flatMap((row) => presentComment(row, reader) ?? []);
