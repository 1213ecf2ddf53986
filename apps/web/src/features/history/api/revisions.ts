import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoredRevision, Revision, RevisionSummary } from '@repolog/contract/revisions';
import { api } from '../../../lib/api-client';
import { markReadsStale } from '../../../lib/stale-reads';

/** Query keys of breakthroughs' histories (a revision never changes). */
export const historyKeys = {
  all: ['history'] as const,
  list: (articleId: number) => [...historyKeys.all, articleId, 'list'] as const,
  revision: (articleId: number, revisionId: number) =>
    [...historyKeys.all, articleId, 'revision', revisionId] as const,
};

/** GET /api/article/{articleId}/revisions — members of the article's blog only. */
export const getRevisions = (articleId: number, signal?: AbortSignal) =>
  api<RevisionSummary[]>(`/api/article/${articleId}/revisions`, { signal });

export const revisionsQuery = (articleId: number) =>
  queryOptions({
    queryKey: historyKeys.list(articleId),
    queryFn: ({ signal }) => getRevisions(articleId, signal),
    staleTime: 0,
  });

/** GET /api/article/{articleId}/revisions/{revisionId} */
export const getRevision = (articleId: number, revisionId: number, signal?: AbortSignal) =>
  api<Revision>(`/api/article/${articleId}/revisions/${revisionId}`, { signal });

export const revisionQuery = (articleId: number, revisionId: number) =>
  queryOptions({
    queryKey: historyKeys.revision(articleId, revisionId),
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
      // What is on screen loads again now; revisions never change.
      await markReadsStale(client, { refetch: 'active', keep: [historyKeys.all] });
    },
  });
}
