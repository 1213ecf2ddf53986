import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@repolog/contract/common';
import { articleKeys } from '../../../lib/article-record';
import { api } from '../../../lib/api-client';
import { markReadsStale } from '../../../lib/stale-reads';

/** DELETE /api/article/{articleId} */
export const deleteArticle = (articleId: number) =>
  api<Message>(`/api/article/${articleId}`, { method: 'DELETE' });

/**
 * Deletes the breakthrough: its record goes from the cache, and the lists, the home ranking and
 * the blog page (other features' keys) load again when shown. `then` says what the page does
 * next (called here, so it happens even if the menu that asked is gone by then).
 */
export function useDeleteArticle(
  articleId: number,
  then: { onSuccess: () => void; onError: (error: unknown) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteArticle(articleId),
    onSuccess: () => {
      client.removeQueries({ queryKey: articleKeys.detail(articleId) });
      void markReadsStale(client);
      then.onSuccess();
    },
    onError: then.onError,
  });
}
