import { useQueryClient } from '@tanstack/react-query';
import type { Article } from '@repolog/contract/articles';
import { useState } from 'react';
import { useLoginGate } from '../../auth/hooks/use-login-gate';
import { articleQuery, toggleLike } from '../api/article';
import { likeFlag } from '../lib/like-storage';

interface LikeState {
  liked: boolean;
  count: number;
}

/**
 * The heart of spec §4: visitors get the log-in alert and go to /login; members toggle
 * optimistically, then take the server's likeButton and likeCount and cache the flag. A failed
 * call rolls back and is only logged (spec §8).
 */
export function useLike(article: Pick<Article, 'articleId' | 'likeButton' | 'likeCount'>) {
  const { articleId } = article;
  const mayAct = useLoginGate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LikeState>(() => ({
    liked: likeFlag(articleId).resolve(article.likeButton),
    count: article.likeCount,
  }));
  const [pending, setPending] = useState(false);

  const toggle = async () => {
    if (!mayAct() || pending) return;
    const previous = state;
    setState({
      liked: !previous.liked,
      count: Math.max(0, previous.count + (previous.liked ? -1 : 1)),
    });
    setPending(true);
    try {
      const result = await toggleLike(articleId);
      setState({ liked: result.likeButton, count: result.likeCount });
      likeFlag(articleId).write(result.likeButton);
      queryClient.setQueryData(articleQuery(articleId).queryKey, (old) =>
        old ? { ...old, likeButton: result.likeButton, likeCount: result.likeCount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['articles', 'liked'] });
      void queryClient.invalidateQueries({ queryKey: ['articles', 'home'] });
    } catch (error) {
      setState(previous);
      console.error('like toggle failed', error);
    } finally {
      setPending(false);
    }
  };

  return { ...state, pending, toggle };
}
