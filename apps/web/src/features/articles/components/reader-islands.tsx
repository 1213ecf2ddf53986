import type { Article } from '@repolog/contract/articles';
import { memo, Suspense, useMemo, type ReactNode } from 'react';
import { loadedComponent, useHeldUntilLoaded } from '../../../lib/island';
import styles from './article-view.module.css';

// The heart comes in the server's HTML; its code arrives in a chunk of its own once the
// article's is running, and React hydrates it then (a click before that is replayed), so
// reading starts sooner on slow phones. The page's comments (its `comments` part) do the same.
const { Code: LikeButton, code: loadLike } = loadedComponent(() =>
  import('./like-button').then((m) => m.LikeButton),
);

/*
 * Each holds the values the server rendered until its code is here (see lib/island.tsx); they
 * are written out rather than made with `island()` for their skeletons and props' shapes.
 */

/** The heart with its count; `personal`: likeButton and likeCount are the reader's own. */
export const LikeIsland = memo(function LikeIsland(
  props: Pick<Article, 'articleId' | 'likeButton' | 'likeCount'> & { personal: boolean },
) {
  const { articleId, likeButton, likeCount, personal } = useHeldUntilLoaded(props, loadLike);
  return useMemo(
    () => (
      <Suspense fallback={<div className={styles.likeSkeleton} />}>
        <LikeButton article={{ articleId, likeButton, likeCount }} personal={personal} />
      </Suspense>
    ),
    [articleId, likeButton, likeCount, personal],
  );
});

/** The comments block (composed by the route): how to render it, and how to load its code. */
export interface CommentsPart {
  /** `closing`: whether they are closed, and whether the reader may change it. */
  render: (articleId: number, closing: { locked: boolean; canLock: boolean }) => ReactNode;
  /** Resolves once the code `render` shows is here (the same load as its lazy component's). */
  load: () => Promise<unknown>;
}

/** The page's comments (`comments`: one object for the page's lifetime). */
export const CommentsIsland = memo(function CommentsIsland({
  comments,
  ...props
}: {
  articleId: number;
  locked: boolean;
  canLock: boolean;
  comments: CommentsPart;
}) {
  const { articleId, locked, canLock } = useHeldUntilLoaded(props, comments.load);
  return useMemo(
    () => (
      <Suspense fallback={<div className={styles.commentsSkeleton} aria-busy="true" />}>
        {comments.render(articleId, { locked, canLock })}
      </Suspense>
    ),
    [comments, articleId, locked, canLock],
  );
});
