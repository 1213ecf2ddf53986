import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteResult } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';
import { blogKeys, blogQuery } from '../../../lib/blog-record';
import { favoriteFlag } from '../lib/favorite-storage';

/** PUT /api/blog/{blogId}/favorites: toggles the caller's favorite. */
export const toggleFavorite = (blogId: number) =>
  api<FavoriteResult>(`/api/blog/${blogId}/favorites`, { method: 'PUT', body: { blogId } });

/**
 * Toggles `viewer`'s favorite: the stored flag and their copy of the blog take the server's
 * answer, and the lists (the followed blogs, the home strip) load again when next shown. A
 * failure is only logged (spec §8).
 */
export function useToggleFavorite(blogId: number, viewer: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => toggleFavorite(blogId),
    onSuccess: (result) => {
      favoriteFlag(blogId).write(result.fav_button);
      if (viewer !== null) {
        client.setQueryData(blogQuery(blogId, viewer).queryKey, (old) =>
          old ? { ...old, fav_button: result.fav_button, fav_count: result.fav_count } : old,
        );
      }
      void client.invalidateQueries({ queryKey: blogKeys.all, refetchType: 'none' });
    },
    onError: (error) => console.error('favorite toggle failed', error),
  });
}
