import type { FastifyInstance } from 'fastify';
import type { ArticlesModule } from '../articles/articles.public.js';
import type { AppDeps } from '../deps.js';
import { createRelated, type Related } from './related.js';
import { relatedRepository } from './related.repository.js';
import { createSearchIndexer, type SearchIndexer } from './search-indexer.js';
import { searchRepository } from './search.repository.js';
import { registerSearchRoutes } from './search.routes.js';
import { searchService, type SearchService } from './search.service.js';
import { tagsRepository } from './tags.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The search index's background pass (tests run it to index rows they stored directly). */
    searchIndexer: SearchIndexer;
    /** Related breakthroughs (tests wait for their computation after a write). */
    related: Related;
  }
}

/**
 * Registers search: GET /api/search, GET /api/tags, the related breakthroughs, and the
 * background pass that indexes breakthroughs stored without a search document. Documents are
 * made on the articles feature's render pool (`analyzeMany`), where bodies are rendered when
 * written; related lists are computed behind each write.
 */
export function registerSearchModule(
  app: FastifyInstance,
  deps: AppDeps,
  articles: Pick<ArticlesModule, 'analyzeMany' | 'lists'>,
): SearchService {
  const repo = searchRepository(deps.readDb);
  const indexer = createSearchIndexer({
    repo,
    analyzeMany: articles.analyzeMany,
    onError: (error) => app.log.warn({ err: error }, 'indexing a breakthrough for search failed'),
  });
  const related = createRelated({
    repo: relatedRepository(deps.db),
    excludeBlogId: deps.config.officialBlogId,
    items: (ids) => articles.lists.items(ids),
    onChanged: (articleId) => deps.cacheSync.changed('article', String(articleId)),
    onError: (error) => app.log.warn({ err: error }, 'computing related breakthroughs failed'),
  });
  deps.onClose(() => indexer.stop());
  deps.onClose(() => related.stop());
  app.decorate('searchIndexer', indexer);
  app.decorate('related', related);
  // Never holds the start up: searches meanwhile find what is indexed so far.
  app.addHook('onReady', () => {
    indexer
      .runPass()
      .then(async (count) => {
        if (count > 0) app.log.info(`indexed ${count} breakthroughs for search`);
        const computed = await related.runPass();
        if (computed > 0) app.log.info(`found related breakthroughs of ${computed}`);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'the search index pass stopped'));
  });
  const service = searchService({
    repo,
    tagsRepo: tagsRepository(deps.db),
    indexer,
    officialBlogId: deps.config.officialBlogId,
  });
  deps.events.on('article.changed', ({ articleId }) => {
    service.forgetWritten();
    related.request(articleId);
  });
  deps.events.on('blog.deleted', () => service.forgetWritten());
  registerSearchRoutes(app, service, related);
  deps.pageReads.search = ({ blog, ...query }) =>
    service.search({ ...query, blog: blog ?? undefined });
  deps.pageReads.related = (articleId) => related.read(articleId);
  return service;
}
