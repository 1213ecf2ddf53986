import { lazy, memo, Suspense } from 'react';

// The series' navigation and the related breakthroughs come in the server's HTML (readers
// without JavaScript walk a series too); their code is one small chunk of its own, hydrated once
// it arrives, so the page's first load stays within its budget.
const SeriesNav = lazy(() =>
  import('./article-companions').then((m) => ({ default: m.SeriesNav })),
);
const RelatedArticles = lazy(() =>
  import('./article-companions').then((m) => ({ default: m.RelatedArticles })),
);

/*
 * Each in a boundary that renders again only for another article: the page's own updates while
 * the chunk is on its way (hydration's end, the reader's session) never reach a boundary still
 * holding the server's HTML, which React would otherwise replace with its empty fallback until
 * the code arrives.
 */

/** "Part 2 of 5 — {series}" with previous, next and every part (nothing outside a series). */
export const SeriesIsland = memo(function SeriesIsland({ articleId }: { articleId: number }) {
  return (
    <Suspense fallback={null}>
      <SeriesNav articleId={articleId} />
    </Suspense>
  );
});

/** Up to 5 related breakthroughs at the end of the article. */
export const RelatedIsland = memo(function RelatedIsland({ articleId }: { articleId: number }) {
  return (
    <Suspense fallback={null}>
      <RelatedArticles articleId={articleId} />
    </Suspense>
  );
});
