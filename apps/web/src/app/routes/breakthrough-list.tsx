import { BreakthroughBrowser } from '../../features/articles/components/breakthrough-browser';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /breakthrough: every breakthrough, searchable by text and language, 10 per page. */
export function BreakthroughListPage() {
  useDocumentTitle('Breakthroughs');
  return (
    <main className="page">
      <div className="container">
        <BreakthroughBrowser source="all" title="Let's Explore all breakthroughs!" />
      </div>
    </main>
  );
}
