import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { registerCodehostRoutes } from './codehost.routes.js';
import { codehostRepository } from './codehost.repository.js';
import { registerRepoItemRoutes } from './repo-items.routes.js';
import { repoItemsService } from './repo-items.service.js';
import { registerWebhookRoutes } from './webhooks.routes.js';

/** Repositories, user checks and repository activity from GitHub; the GitHub webhook. */
export function registerCodehostModule(app: FastifyInstance, deps: AppDeps): void {
  registerCodehostRoutes(app, deps.codehost);
  registerRepoItemRoutes(
    app,
    repoItemsService({
      codehost: deps.codehost,
      github: deps.github,
      repo: codehostRepository(deps.db),
    }),
  );
  registerWebhookRoutes(app, deps.codehost, deps.config.github.webhookSecret);
}
