import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { favoritesRepository } from './favorites.repository.js';
import { registerFavoritesRoutes } from './favorites.routes.js';
import { favoritesService } from './favorites.service.js';

/** Registers the favorites feature: toggling a favorite and the blog lists built on them. */
export function registerFavoritesModule(app: FastifyInstance, deps: AppDeps): void {
  const service = favoritesService({
    repo: favoritesRepository(deps.db),
    outbox: deps.outbox,
    officialBlogId: deps.config.officialBlogId,
    cdn: deps.cdn,
  });
  deps.events.on('blog.deleted', () => service.forgetTop());
  registerFavoritesRoutes(app, service);
  deps.pageReads.homeBlogs = () => service.top();
}
