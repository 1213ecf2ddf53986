import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@repolog/contract/comments';
import { api } from '../../../lib/api-client';
import { articleKeys } from '../../../lib/article-record';

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

/** Adds a comment; the section puts the answer at the end of its list. */
export const useAddComment = (articleId: number) =>
  useMutation({ mutationFn: (content: string) => addComment(articleId, content) });

/** Edits a comment; the section puts the answer in its row. */
export const useUpdateComment = (articleId: number) =>
  useMutation({
    mutationFn: ({ commentId, content }: { commentId: number; content: string }) =>
      updateComment(articleId, commentId, content),
  });

/** Deletes a comment; every reader's copy of the thread loads again. */
export function useDeleteComment(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(articleId, commentId),
    onSuccess: () => client.invalidateQueries({ queryKey: commentsQuery(articleId).queryKey }),
  });
}

/** Hides a comment, or shows it again (approves a held one): members of the blog, moderators. */
export function useModerateComment(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, hide }: { commentId: number; hide: boolean }) =>
      api<Comment>(`/api/comment/${commentId}/${hide ? 'hide' : 'restore'}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: commentsQuery(articleId).queryKey }),
  });
}

/** Closes (or opens again) a breakthrough's comments; every reader's copy of it loads again. */
export function useLockComments(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locked: boolean) =>
      api<{ locked: boolean }>(`/api/comment/lock/${articleId}`, {
        method: 'PUT',
        body: { locked },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: articleKeys.detail(articleId) }),
  });
}
