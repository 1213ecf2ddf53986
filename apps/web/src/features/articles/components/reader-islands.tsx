import type { Article } from '@repolog/contract/articles';
import { lazy, memo, Suspense, type ReactNode } from 'react';
import styles from './article-view.module.css';

// The heart comes in the server's HTML; its code arrives in a chunk of its own once the
// article's is running, and React hydrates it then (a click before that is replayed), so
// reading starts sooner on slow phones. The page's comments (its `comments` part) do the same.
const LikeButton = lazy(() => import('./like-button').then((m) => ({ default: m.LikeButton })));

/*
 * Like the series' navigation and the related breakthroughs (companion-islands.tsx), each sits
 * in a boundary that renders again only when what it shows changes: the page's own updates
 * while the chunk is on its way (hydration's end, the session's answer) never reach a boundary
 * still holding the server's HTML, which React would otherwise replace with its skeleton until
 * the code arrives. Its props are plain values for that reason.
 */

/** The heart with its count; `personal`: likeButton and likeCount are the reader's own. */
export const LikeIsland = memo(function LikeIsland({
  articleId,
  likeButton,
  likeCount,
  personal,
}: Pick<Article, 'articleId' | 'likeButton' | 'likeCount'> & { personal: boolean }) {
  return (
    <Suspense fallback={<div className={styles.likeSkeleton} />}>
      <LikeButton article={{ articleId, likeButton, likeCount }} personal={personal} />
    </Suspense>
  );
});

/** The comments block; `closing`: whether they are closed, and whether the reader may change it. */
export type CommentsPart = (
  articleId: number,
  closing: { locked: boolean; canLock: boolean },
) => ReactNode;

/** The page's comments (`comments`, composed by the route: a stable function). */
export const CommentsIsland = memo(function CommentsIsland({
  articleId,
  locked,
  canLock,
  comments,
}: {
  articleId: number;
  locked: boolean;
  canLock: boolean;
  comments: CommentsPart;
}) {
  return (
    <Suspense fallback={<div className={styles.commentsSkeleton} aria-busy="true" />}>
      {comments(articleId, { locked, canLock })}
    </Suspense>
  );
});
