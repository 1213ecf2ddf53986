import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoredRevision, Revision, RevisionSummary } from '@repolog/contract/revisions';
import { api } from '../../../lib/api-client';

/** GET /api/article/{articleId}/revisions — members of the article's blog only. */
export const getRevisions = (articleId: number, signal?: AbortSignal) =>
  api<RevisionSummary[]>(`/api/article/${articleId}/revisions`, { signal });

export const revisionsQuery = (articleId: number) =>
  queryOptions({
    queryKey: ['history', articleId, 'list'],
    queryFn: ({ signal }) => getRevisions(articleId, signal),
    staleTime: 0,
  });

/** GET /api/article/{articleId}/revisions/{revisionId} */
export const getRevision = (articleId: number, revisionId: number, signal?: AbortSignal) =>
  api<Revision>(`/api/article/${articleId}/revisions/${revisionId}`, { signal });

export const revisionQuery = (articleId: number, revisionId: number) =>
  queryOptions({
    queryKey: ['history', articleId, 'revision', revisionId],
    queryFn: ({ signal }) => getRevision(articleId, revisionId, signal),
    // A revision never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /api/article/{articleId}/revisions/{revisionId}/restore */
export const restoreRevision = (articleId: number, revisionId: number) =>
  api<RestoredRevision>(`/api/article/${articleId}/revisions/${revisionId}/restore`, {
    method: 'POST',
  });

/**
 * A restore is an edit: the history gains a revision, and the article shows up changed under
 * other features' keys (article page, lists), so everything but the session goes stale.
 */
export function useRestoreRevision(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: number) => restoreRevision(articleId, revisionId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: revisionsQuery(articleId).queryKey });
      await client.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'history',
      });
    },
  });
}
