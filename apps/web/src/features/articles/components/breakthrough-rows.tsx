import type { ArticleListItem } from '@repolog/contract/articles';
import { ArticleList } from '../../../components/article-list';
import { i18n, params, useMessages } from '../../../i18n';

const messages = i18n('breakthroughRows', {
  searchAll: params("Search all text for '{q}'"),
});

/**
 * The rows of a breakthrough list page: the island the page's server HTML shows and the
 * browser hydrates once this chunk arrives (its own module, so the server finds its styles in
 * the build's manifest even when another page loads ArticleList with its own code). Below the
 * rows of a search (or of the list shown again after a search found nothing), a link to search
 * every breakthrough's whole text for it (/search); here, so the page's first load carries none.
 */
export function BreakthroughRows({
  items,
  searchAll = '',
}: {
  items: ArticleListItem[];
  searchAll?: string;
}) {
  const t = useMessages(messages);
  return (
    <>
      <ArticleList items={items} />
      {searchAll && (
        <p className="search-all">
          <a href={`/search?q=${encodeURIComponent(searchAll)}`}>{t.searchAll({ q: searchAll })}</a>
        </p>
      )}
    </>
  );
}
