import type { ArticleListItem } from '@repolog/contract/articles';
import { ArticleList } from '../../../components/article-list';

/**
 * The rows of a breakthrough list page: the island the page's server HTML shows and the
 * browser hydrates once this chunk arrives (its own module, so the server finds its styles in
 * the build's manifest even when another page loads ArticleList with its own code).
 */
export function BreakthroughRows({ items }: { items: ArticleListItem[] }) {
  return <ArticleList items={items} />;
}
