import type { ArticleListSource } from '../../features/articles/api/article-lists';
import { BreakthroughBrowser } from '../../features/articles/components/breakthrough-browser';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('breakthroughListPage', {
  title: 'Breakthroughs',
  heading: "Let's Explore all breakthroughs!",
});

const likedMessages = i18n('likedBreakthroughsPage', {
  title: 'Liked breakthroughs',
  heading: 'Breakthroughs what you liked',
});

function ListPage({
  source,
  texts,
}: {
  source: ArticleListSource;
  texts: typeof messages | typeof likedMessages;
}) {
  const t = useMessages(texts);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className="container">
        <BreakthroughBrowser source={source} title={t.heading} />
      </div>
    </main>
  );
}

/** /breakthrough: every breakthrough, searchable by text and language, 10 per page. */
export function BreakthroughListPage() {
  return <ListPage source="all" texts={messages} />;
}

/**
 * /like/breakthrough: the breakthroughs the reader liked, with the same search and paging. In
 * this module with the list of every breakthrough: the two pages share their code, and one
 * file of it loads faster than the list's code split in two.
 */
export function LikedBreakthroughsPage() {
  return <ListPage source="liked" texts={likedMessages} />;
}
