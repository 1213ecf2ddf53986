import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { articlesRepository } from './articles.repository.js';
import { registerArticlesRoutes } from './articles.routes.js';
import { articlesService, type ArticlesService } from './articles.service.js';
import { createMarkdownRenderer } from './markdown-renderer.js';
import { registerRevisionsRoutes } from './revisions.routes.js';
import { revisionsRepository } from './revisions.repository.js';
import { revisionsService } from './revisions.service.js';

/** What other features may use of the articles feature (drafts publish through it). */
export interface ArticlesModule {
  service: ArticlesService;
}

/**
 * Registers the articles feature: breakthrough list, page, write, edit and delete, and the
 * history of each breakthrough (its revisions).
 */
export function registerArticlesModule(app: FastifyInstance, deps: AppDeps): ArticlesModule {
  const markdown = createMarkdownRenderer();
  deps.onClose(() => markdown.close());
  const repo = articlesRepository(deps.db);
  const revisions = revisionsRepository(deps.db);
  const service = articlesService({
    repo,
    officialBlogId: deps.config.officialBlogId,
    markdown,
    events: deps.events,
    cacheSync: deps.cacheSync,
    revisions,
  });
  deps.events.on('blog.deleted', () => service.forgetLists());
  registerArticlesRoutes(app, service, deps.config.publicUrl);
  registerRevisionsRoutes(
    app,
    revisionsService({ repo: revisions, articlesRepo: repo, articles: service }),
  );
  return { service };
}
