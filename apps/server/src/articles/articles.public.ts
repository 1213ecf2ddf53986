/**
 * What other features may use of articles: the search filters of a list query, the
 * breakthrough lists they show (articles.lists: a profile's, a reader's liked ones, rows of
 * chosen breakthroughs), and the service drafts publish through. Nothing else of this folder is
 * theirs to import (ESLint zones in eslint.config.js).
 */
export { listFilters, type ArticleFilters } from './list-filters.js';
export type { ArticleLists, ListedPage } from './article-lists.js';
export type { ArticlesModule } from './articles.module.js';
export type { ArticlesService, WithinWrite } from './articles.service.js';
// Publishing a draft records its co-authors in the post's transaction (drafts.service.ts).
export { addCoauthors } from './articles.repository.js';
// An edit (or an edit draft) that leaves a ref out keeps it while its title is unchanged.
export { keptRef, type TitledRef } from './article-write.js';
