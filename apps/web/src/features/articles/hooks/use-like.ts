import type { Article } from '@repolog/contract/articles';
import { useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLoginGate } from '../../../lib/use-login-gate';
import { useSession, viewerOf } from '../../../lib/use-session';
import { useToggleLike } from '../api/like';
import { likeFlag } from '../lib/like-storage';

interface LikeState {
  liked: boolean;
  count: number;
}

/**
 * The heart of spec §4: visitors get the log-in alert and go to /login; members toggle
 * optimistically, then take the server's likeButton and likeCount and cache the flag. A failed
 * call rolls back and is only logged (spec §8).
 *
 * `personal` says the article's likeButton/likeCount are the signed-in reader's own; until then
 * (the shared server view, and during hydration) the heart shows that view and reads no stored
 * flag, so the server's HTML and the first browser render agree.
 */
export function useLike(
  article: Pick<Article, 'articleId' | 'likeButton' | 'likeCount'>,
  personal = true,
) {
  const { articleId } = article;
  const mayAct = useLoginGate();
  const session = useSession();
  const hydrated = useHydrated();
  const mutation = useToggleLike(articleId, viewerOf(session));
  // What the reader's own toggles made of the heart; null shows the article's values.
  const [toggled, setToggled] = useState<LikeState | null>(null);

  const own = hydrated && personal && session.status === 'in';
  const current: LikeState = toggled ?? {
    liked: own ? likeFlag(articleId).resolve(article.likeButton) : article.likeButton,
    count: article.likeCount,
  };

  const toggle = () => {
    if (!mayAct() || mutation.isPending) return;
    const previous = current;
    setToggled({
      liked: !previous.liked,
      count: Math.max(0, previous.count + (previous.liked ? -1 : 1)),
    });
    mutation.mutate(undefined, {
      onSuccess: (result) => setToggled({ liked: result.likeButton, count: result.likeCount }),
      onError: () => setToggled(previous),
    });
  };

  // Until the session and the reader's own view are known a click could not be answered.
  const ready = session.status === 'out' || (session.status === 'in' && personal);
  return { ...current, pending: mutation.isPending, ready, toggle };
}
