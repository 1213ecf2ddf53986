import { useQueryClient } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { blogQuery, toggleFavorite } from '../api/blog';
import { resolveInitialFavorite, storeFavorite } from '../lib/favorite-storage';

export const LOGIN_TO_USE_ALERT = 'Please log in to use this feature.';

/**
 * The favorite star of spec §4: visitors get the log-in alert and go to /login; for members
 * the star changes after each successful call (to the state the server answers) and the flag
 * is cached. Failures are only logged (spec §8).
 */
export function useFavorite(blog: Pick<Blog, 'blog_id' | 'fav_button'>) {
  const blogId = blog.blog_id;
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [favorite, setFavorite] = useState(() => resolveInitialFavorite(blogId, blog.fav_button));
  const [pending, setPending] = useState(false);

  const toggle = async () => {
    if (session.status === 'out') {
      window.alert(LOGIN_TO_USE_ALERT);
      void navigate('/login');
      return;
    }
    if (session.status !== 'in' || pending) return;
    setPending(true);
    try {
      const result = await toggleFavorite(blogId);
      setFavorite(result.fav_button);
      storeFavorite(blogId, result.fav_button);
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
