import type { FastifyInstance } from 'fastify';
import type { ArticleLists } from '../articles/articles.public.js';
import type { AppDeps } from '../deps.js';
import { seriesMetaProvider } from './series.meta.js';
import { seriesRepository } from './series.repository.js';
import { registerSeriesRoutes } from './series.routes.js';
import { seriesService, type SeriesService } from './series.service.js';

/**
 * Registers series: a blog's members group its breakthroughs into ordered series; the article
 * page shows its part, previous and next (GET /api/article/breakthrough/{id}/series). The pages
 * the server renders read them through `pageReads`; the series page's head through its meta.
 */
export function registerSeriesModule(
  app: FastifyInstance,
  deps: AppDeps,
  lists: ArticleLists,
): SeriesService {
  const repo = seriesRepository(deps.db);
  const service = seriesService({
    repo,
    memberships: deps.memberships,
    lists,
    onChanged: (blogId, articleIds) => {
      // The series' page and the blog's list of series show its blog's signal; each part's
      // page shows the series' name, order and parts.
      deps.cacheSync.changed('blog', String(blogId));
      for (const id of new Set(articleIds)) deps.cacheSync.changed('article', String(id));
    },
  });
  registerSeriesRoutes(app, service);
  deps.pageReads.series = (seriesId) => service.get(seriesId);
  deps.pageReads.articleSeries = (articleId) => service.ofArticle(articleId);
  deps.metaProviders.push(seriesMetaProvider(repo, deps.config.publicUrl));
  return service;
}
