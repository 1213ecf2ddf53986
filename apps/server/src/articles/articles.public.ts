/**
 * What other features may use of articles (likes' liked list and ranking, feeds): the list
 * item shape, its columns and order, and the search/language filters. Nothing else of this
 * folder is theirs to import (ESLint zones in eslint.config.js).
 */
export { presentListItem } from './articles.presenter.js';
export {
  addCoauthors,
  articleFilterConditions,
  articleListColumns,
  newestFirst,
  type ArticleFilters,
  type ArticleListRow,
} from './articles.repository.js';
export { listFilters } from './list-filters.js';
