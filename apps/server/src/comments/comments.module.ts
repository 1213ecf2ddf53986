import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { commentsRepository } from './comments.repository.js';
import { registerCommentsRoutes } from './comments.routes.js';
import { commentsService } from './comments.service.js';

/** Registers the comments feature: list, add, edit and delete comments under a breakthrough. */
export function registerCommentsModule(app: FastifyInstance, deps: AppDeps): void {
  const service = commentsService({
    repo: commentsRepository(deps.db),
    outbox: deps.outbox,
    cacheSync: deps.cacheSync,
    memberships: deps.memberships,
    safety: deps.safety,
  });
  // Should the writer die before telling them, the other instances still drop the thread.
  deps.outbox.handle(
    'comment.created',
    ({ articleId }) =>
      () =>
        service.forgetThread(articleId),
  );
  // A deleted breakthrough (alone or with its blog) takes its thread with it.
  deps.events.on('article.changed', ({ articleId }) => service.forgetThread(articleId));
  deps.events.on('blog.deleted', () => service.forgetThread());
  registerCommentsRoutes(app, service);
  deps.pageReads.comments = (articleId) => service.list(null, articleId);
}
