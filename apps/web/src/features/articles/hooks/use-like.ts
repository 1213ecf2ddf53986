import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Article, LikeResult } from '@repolog/contract/articles';
import { useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLoginGate } from '../../auth/hooks/use-login-gate';
import { useSession } from '../../auth/hooks/use-session';
import { allArticlesQuery, articleQuery, toggleLike } from '../api/article';
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
  const queryClient = useQueryClient();
  // What the reader's own toggles made of the heart; null shows the article's values.
  const [toggled, setToggled] = useState<LikeState | null>(null);

  const own = hydrated && personal && session.status === 'in';
  const current: LikeState = toggled ?? {
    liked: own ? likeFlag(articleId).resolve(article.likeButton) : article.likeButton,
    count: article.likeCount,
  };

  const mutation = useMutation<LikeResult, unknown, LikeState, { previous: LikeState }>({
    mutationFn: () => toggleLike(articleId),
    onMutate: (previous) => {
      setToggled({
        liked: !previous.liked,
        count: Math.max(0, previous.count + (previous.liked ? -1 : 1)),
      });
      return { previous };
    },
    onSuccess: (result) => {
      setToggled({ liked: result.likeButton, count: result.likeCount });
      likeFlag(articleId).write(result.likeButton);
      if (session.status === 'in') {
        queryClient.setQueryData(articleQuery(articleId, session.userId).queryKey, (old) =>
          old ? { ...old, likeButton: result.likeButton, likeCount: result.likeCount } : old,
        );
      }
      // The liked list and the home ranking changed: they load again when next shown.
      void queryClient.invalidateQueries({
        queryKey: allArticlesQuery().queryKey,
        refetchType: 'none',
      });
    },
    onError: (error, _variables, context) => {
      setToggled(context?.previous ?? null);
      console.error('like toggle failed', error);
    },
  });

  const toggle = () => {
    if (!mayAct() || mutation.isPending) return;
    mutation.mutate(current);
  };

  // Until the session and the reader's own view are known a click could not be answered.
  const ready = session.status === 'out' || (session.status === 'in' && personal);
  return { ...current, pending: mutation.isPending, ready, toggle };
}
