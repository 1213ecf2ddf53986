import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Article,
  CreateArticle,
  CreatedArticle,
  UpdateArticle,
} from '@repolog/contract/articles';
import { api } from '../../../lib/api-client';
import { markReadsStale } from '../../../lib/stale-reads';

/** POST /api/article */
export const createArticle = (body: CreateArticle) =>
  api<CreatedArticle>('/api/article', { method: 'POST', body });

/** PUT /api/article/{articleId} — answers with the full article. */
export const updateArticle = (articleId: number, body: UpdateArticle) =>
  api<Article>(`/api/article/${articleId}`, { method: 'PUT', body });

/**
 * A saved article shows up under other features' keys (article page, blog page, lists):
 * everything but the session goes stale, so each page refetches when it mounts.
 */
export function useCreateArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: () => markReadsStale(client),
  });
}

export function useUpdateArticle(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateArticle) => updateArticle(articleId, body),
    onSuccess: () => markReadsStale(client),
  });
}
