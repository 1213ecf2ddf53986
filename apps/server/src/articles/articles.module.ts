import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { articlesRepository } from './articles.repository.js';
import { registerArticlesRoutes } from './articles.routes.js';
import { articlesService } from './articles.service.js';
import { createMarkdownRenderer } from './markdown-renderer.js';

/** Registers the articles feature: breakthrough list, page, write, edit and delete. */
export function registerArticlesModule(app: FastifyInstance, deps: AppDeps): void {
  const markdown = createMarkdownRenderer();
  deps.onClose(() => markdown.close());
  deps.metrics.gauge(
    'repolog_markdown_render_queue',
    'Markdown bodies waiting for (or in) the renderer on this instance.',
    () => markdown.stats().queued,
  );
  const service = articlesService({
    repo: articlesRepository(deps.db),
    officialBlogId: deps.config.officialBlogId,
    markdown,
    events: deps.events,
    cacheSync: deps.cacheSync,
  });
  deps.events.on('blog.deleted', () => service.forgetLists());
  registerArticlesRoutes(app, service, deps.config.publicUrl);
}
