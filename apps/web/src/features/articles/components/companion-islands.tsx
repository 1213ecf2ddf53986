import { island } from '../../../lib/island';

// The series' navigation and the related breakthroughs come in the server's HTML (readers
// without JavaScript walk a series too); their code is one small chunk of its own, hydrated once
// it arrives, so the page's first load stays within its budget. Each is an island
// (lib/island.tsx): the page's own updates while the chunk is on its way (hydration's end, the
// reader's session) never reach a boundary still holding the server's HTML.

/** "Part 2 of 5 — {series}" with previous, next and every part (nothing outside a series). */
export const SeriesIsland = island(() => import('./article-companions').then((m) => m.SeriesNav));

/** Up to 5 related breakthroughs at the end of the article. */
export const RelatedIsland = island(() =>
  import('./article-companions').then((m) => m.RelatedArticles),
);
