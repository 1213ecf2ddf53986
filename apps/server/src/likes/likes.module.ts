import type { FastifyInstance } from 'fastify';
import type { ArticleLists } from '../articles/articles.public.js';
import type { AppDeps } from '../deps.js';
import { likesRepository } from './likes.repository.js';
import { registerLikesRoutes } from './likes.routes.js';
import { likesService } from './likes.service.js';

/** Registers the likes feature: the like toggle, the home ranking and the liked list. */
export function registerLikesModule(
  app: FastifyInstance,
  deps: AppDeps,
  articles: ArticleLists,
): void {
  const service = likesService({
    repo: likesRepository(deps.db),
    outbox: deps.outbox,
    articles,
    officialBlogId: deps.config.officialBlogId,
    cdn: deps.cdn,
    cacheSync: deps.cacheSync,
  });
  registerLikesRoutes(app, service, deps.config.publicUrl);
  deps.pageReads.homeArticles = () => service.home();
}
