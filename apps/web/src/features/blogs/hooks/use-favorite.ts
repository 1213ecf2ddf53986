import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLoginGate } from '../../auth/hooks/use-login-gate';
import { useSession } from '../../auth/hooks/use-session';
import { allBlogsQuery, blogQuery } from '../api/blog';
import { toggleFavorite } from '../api/blog-writes';
import { favoriteFlag } from '../lib/favorite-storage';

/**
 * The favorite star of spec §4: visitors get the log-in alert and go to /login; for members
 * the star changes after each successful call (to the state the server answers) and the flag
 * is cached. Failures are only logged (spec §8).
 *
 * `personal` says the blog's fav_button is the signed-in reader's own; until then (the shared
 * server view, and during hydration) the star shows that view and reads no stored flag.
 */
export function useFavorite(blog: Pick<Blog, 'blog_id' | 'fav_button'>, personal = true) {
  const blogId = blog.blog_id;
  const mayAct = useLoginGate();
  const session = useSession();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const [toggled, setToggled] = useState<boolean | null>(null);

  const own = hydrated && personal && session.status === 'in';
  const favorite =
    toggled ?? (own ? favoriteFlag(blogId).resolve(blog.fav_button) : blog.fav_button);

  const mutation = useMutation({
    mutationFn: () => toggleFavorite(blogId),
    onSuccess: (result) => {
      setToggled(result.fav_button);
      favoriteFlag(blogId).write(result.fav_button);
      if (session.status === 'in') {
        queryClient.setQueryData(blogQuery(blogId, session.userId).queryKey, (old) =>
          old ? { ...old, fav_button: result.fav_button, fav_count: result.fav_count } : old,
        );
      }
      // The followed list and the home strip changed: they load again when next shown.
      void queryClient.invalidateQueries({
        queryKey: allBlogsQuery().queryKey,
        refetchType: 'none',
      });
    },
    onError: (error) => console.error('favorite toggle failed', error),
  });

  const toggle = () => {
    if (!mayAct() || mutation.isPending) return;
    mutation.mutate();
  };

  // Until the session and the reader's own view are known a click could not be answered.
  const ready = session.status === 'out' || (session.status === 'in' && personal);
  return { favorite, pending: mutation.isPending, ready, toggle };
}
