import { BreakthroughBrowser } from '../../features/articles/components/breakthrough-browser';

/** /like/breakthrough: the breakthroughs the reader liked, with the same search and paging. */
export function LikedBreakthroughsPage() {
  return (
    <main className="page">
      <div className="container">
        <BreakthroughBrowser source="liked" title="Breakthroughs what you liked" />
      </div>
    </main>
  );
}
