import { queryOptions } from '@tanstack/react-query';
import type { Comment } from '@repolog/contract/comments';
import { api } from '../../../lib/api-client';

/**
 * The comments of an article as `viewer` sees them: the edit/delete buttons are computed for
 * the caller, so each signed-in user (and visitors, null) has their own cache entry. Without a
 * viewer the key covers every reader's copy, for invalidation.
 */
export const commentsQuery = (articleId: number, viewer?: number | null) =>
  queryOptions({
    queryKey: ['comments', articleId, viewer === undefined ? {} : { viewer }],
    queryFn: ({ signal }) => api<Comment[]>(`/api/comment/comments/${articleId}`, { signal }),
  });

/** POST /api/comment: returns the new comment. */
export const addComment = (articleId: number, content: string) =>
  api<Comment>('/api/comment', { method: 'POST', body: { articleId, content } });

/** PUT /api/comment/{commentId}: returns the updated comment. */
export const updateComment = (articleId: number, commentId: number, content: string) =>
  api<Comment>(`/api/comment/${commentId}`, { method: 'PUT', body: { articleId, content } });

/** DELETE /api/comment/{articleId}/{commentId} */
export const deleteComment = (articleId: number, commentId: number) =>
  api<{ message: string }>(`/api/comment/${articleId}/${commentId}`, { method: 'DELETE' });
