/** What other features may use of pages: the meta tags they add to their pages' heads. */
export type { MetaProvider, PageAddress, PageMeta } from './page-meta.js';
