import { useQueryClient } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { useState } from 'react';
import { useLoginGate } from '../../auth/hooks/use-login-gate';
import { blogQuery, toggleFavorite } from '../api/blog';
import { favoriteFlag } from '../lib/favorite-storage';

/**
 * The favorite star of spec §4: visitors get the log-in alert and go to /login; for members
 * the star changes after each successful call (to the state the server answers) and the flag
 * is cached. Failures are only logged (spec §8).
 */
export function useFavorite(blog: Pick<Blog, 'blog_id' | 'fav_button'>) {
  const blogId = blog.blog_id;
  const mayAct = useLoginGate();
  const queryClient = useQueryClient();
  const [favorite, setFavorite] = useState(() => favoriteFlag(blogId).resolve(blog.fav_button));
  const [pending, setPending] = useState(false);

  const toggle = async () => {
    if (!mayAct() || pending) return;
    setPending(true);
    try {
      const result = await toggleFavorite(blogId);
      setFavorite(result.fav_button);
      favoriteFlag(blogId).write(result.fav_button);
      queryClient.setQueryData(blogQuery(blogId).queryKey, (old) =>
        old ? { ...old, fav_button: result.fav_button, fav_count: result.fav_count } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['blogs', 'followed'] });
      void queryClient.invalidateQueries({ queryKey: ['blogs', 'home'] });
    } catch (error) {
      console.error('favorite toggle failed', error);
    } finally {
      setPending(false);
    }
  };

  return { favorite, pending, toggle };
}
