import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { articleMetaProvider } from './article-meta.js';
import { feedsRepository } from './feeds.repository.js';
import { registerFeedsRoutes } from './feeds.routes.js';
import { feedsService } from './feeds.service.js';

/** Registers the feeds feature: RSS, the sitemap and article page meta tags. */
export function registerFeedsModule(app: FastifyInstance, deps: AppDeps): void {
  const repo = feedsRepository(deps.readDb);
  registerFeedsRoutes(
    app,
    feedsService({ repo, publicUrl: deps.config.publicUrl }),
    deps.config.publicUrl,
  );
  deps.metaProviders.push(articleMetaProvider(repo));
}
