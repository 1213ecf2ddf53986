import { SeriesView } from '../../features/series/components/series-view';

/** /blog/{blogId}/series/{seriesId}: a series of a blog's breakthroughs, in reading order. */
export function SeriesPage() {
  return (
    <main className="page">
      <div className="container">
        <SeriesView />
      </div>
    </main>
  );
}
