import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { commentsRepository } from './comments.repository.js';
import { registerCommentsRoutes } from './comments.routes.js';
import { commentsService } from './comments.service.js';

/** Registers the comments feature: list, add, edit and delete comments under a breakthrough. */
export function registerCommentsModule(app: FastifyInstance, deps: AppDeps): void {
  const service = commentsService({ repo: commentsRepository(deps.db), events: deps.events });
  registerCommentsRoutes(app, service);
}
