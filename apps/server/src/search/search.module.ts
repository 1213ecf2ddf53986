import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { createSearchIndexer, type Analyze, type SearchIndexer } from './search-indexer.js';
import { searchRepository } from './search.repository.js';
import { registerSearchRoutes } from './search.routes.js';
import { searchService, type SearchService } from './search.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The search index's background pass (tests run it to index rows they stored directly). */
    searchIndexer: SearchIndexer;
  }
}

/**
 * Registers search: GET /api/search and the background pass that indexes breakthroughs
 * stored without a search document. Documents are made on the articles feature's render pool
 * (`analyze`), where bodies are rendered when written.
 */
export function registerSearchModule(
  app: FastifyInstance,
  deps: AppDeps,
  analyze: Analyze,
): SearchService {
  const repo = searchRepository(deps.readDb);
  const indexer = createSearchIndexer({
    repo,
    analyze,
    onError: (error) => app.log.warn({ err: error }, 'indexing a breakthrough for search failed'),
  });
  deps.onClose(() => indexer.stop());
  app.decorate('searchIndexer', indexer);
  // Never holds the start up: searches meanwhile find what is indexed so far.
  app.addHook('onReady', () => {
    indexer.runPass().then(
      (count) => {
        if (count > 0) app.log.info(`indexed ${count} breakthroughs for search`);
      },
      (error: unknown) => app.log.warn({ err: error }, 'the search index pass stopped'),
    );
  });
  const service = searchService({ repo, indexer, officialBlogId: deps.config.officialBlogId });
  registerSearchRoutes(app, service);
  deps.pageReads.search = ({ blog, ...query }) =>
    service.search({ ...query, blog: blog ?? undefined });
  return service;
}
