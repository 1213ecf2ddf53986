import { BreakthroughBrowser } from '../../features/articles/components/breakthrough-browser';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /like/breakthrough: the breakthroughs the reader liked, with the same search and paging. */
export function LikedBreakthroughsPage() {
  useDocumentTitle('Liked breakthroughs');
  return (
    <main className="page">
      <div className="container">
        <BreakthroughBrowser source="liked" title="Breakthroughs what you liked" />
      </div>
    </main>
  );
}
