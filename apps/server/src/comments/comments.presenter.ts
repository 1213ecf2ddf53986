import type { Comment } from '@repolog/contract/comments';
import { can, type Actor, type CommentResource } from '@repolog/contract/permissions';
import type { CommentRow } from './comments.repository.js';

/** What the permission table needs to decide on a comment. */
export const commentResource = (row: CommentRow): CommentResource => ({
  authorId: row.userId,
  article: { userId: row.articleAuthorId },
});

/** A comment as the caller sees it: the edit/delete buttons are the caller's own rights. */
export function presentComment(row: CommentRow, actor: Actor | null): Comment {
  const resource = commentResource(row);
  return {
    commentId: row.id,
    articleId: row.articleId,
    userName: row.userName,
    date: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    content: row.content,
    updateButton: can(actor, 'comment.edit', resource),
    deleteButton: can(actor, 'comment.delete', resource),
  };
}
