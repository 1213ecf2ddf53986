/**
 * What other features may use of search: the analyzer that turns a breakthrough into its
 * search document (the articles feature runs it on its render pool when a breakthrough is
 * written) and the version of it that stored documents carry. Kept free of the server's
 * modules: the render pool's threads load it.
 */
export { ANALYZER_VERSION } from './analyzer.js';
export { buildSearchDocument, type SearchDocument, type SearchFields } from './search-document.js';
