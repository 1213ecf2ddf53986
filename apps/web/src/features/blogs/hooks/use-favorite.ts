import type { Blog } from '@repolog/contract/blogs';
import { useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLoginGate } from '../../../lib/use-login-gate';
import { useSession, viewerOf } from '../../../lib/use-session';
import { useToggleFavorite } from '../api/favorite';
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
  const mutation = useToggleFavorite(blogId, viewerOf(session));
  const [toggled, setToggled] = useState<boolean | null>(null);

  const own = hydrated && personal && session.status === 'in';
  const favorite =
    toggled ?? (own ? favoriteFlag(blogId).resolve(blog.fav_button) : blog.fav_button);

  const toggle = () => {
    if (!mayAct() || mutation.isPending) return;
    mutation.mutate(undefined, { onSuccess: (result) => setToggled(result.fav_button) });
  };

  // Until the session and the reader's own view are known a click could not be answered.
  const ready = session.status === 'out' || (session.status === 'in' && personal);
  return { favorite, pending: mutation.isPending, ready, toggle };
}
