import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Article,
  CreateArticle,
  CreatedArticle,
  UpdateArticle,
} from '@repolog/contract/articles';
import { api } from '../../../lib/api-client';

/** GET /api/article/breakthrough/{articleId} — to prefill the edit form. */
export const getArticle = (articleId: number) =>
  api<Article>(`/api/article/breakthrough/${articleId}`);

export const articleForEditQuery = (articleId: number) =>
  queryOptions({
    queryKey: ['editor', 'article', articleId],
    queryFn: () => getArticle(articleId),
    // Always start editing from the saved version.
    staleTime: 0,
  });

/** POST /api/article */
export const createArticle = (body: CreateArticle) =>
  api<CreatedArticle>('/api/article', { method: 'POST', body });

/** PUT /api/article/{articleId} — answers with the full article. */
export const updateArticle = (articleId: number, body: UpdateArticle) =>
  api<Article>(`/api/article/${articleId}`, { method: 'PUT', body });

/**
 * A saved article shows up under other features' keys (article page, blog page, lists):
 * mark everything but the session stale, so each page refetches when it mounts.
 */
function markArticleDataStale(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== 'auth',
    refetchType: 'none',
  });
}

export function useCreateArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: () => markArticleDataStale(client),
  });
}

export function useUpdateArticle(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateArticle) => updateArticle(articleId, body),
    onSuccess: () => markArticleDataStale(client),
  });
}
