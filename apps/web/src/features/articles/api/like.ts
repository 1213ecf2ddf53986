import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResult } from '@repolog/contract/articles';
import { api } from '../../../lib/api-client';
import { articleKeys, articleQuery } from '../../../lib/article-record';
import { likeFlag } from '../lib/like-storage';

/** PUT /api/article/{articleId}/like: toggles the caller's like. */
export const toggleLike = (articleId: number) =>
  api<LikeResult>(`/api/article/${articleId}/like`, { method: 'PUT', body: { articleId } });

/**
 * Toggles `viewer`'s like: the stored flag and their copy of the article take the server's
 * answer, and the lists (the liked list, the home ranking) load again when next shown. A
 * failure is only logged (spec §8).
 */
export function useToggleLike(articleId: number, viewer: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => toggleLike(articleId),
    onSuccess: (result) => {
      likeFlag(articleId).write(result.likeButton);
      if (viewer !== null) {
        client.setQueryData(articleQuery(articleId, viewer).queryKey, (old) =>
          old ? { ...old, likeButton: result.likeButton, likeCount: result.likeCount } : old,
        );
      }
      void client.invalidateQueries({ queryKey: articleKeys.all, refetchType: 'none' });
    },
    onError: (error) => console.error('like toggle failed', error),
  });
}
