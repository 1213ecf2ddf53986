import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { registerCodehostRoutes } from './codehost.routes.js';
import { registerWebhookRoutes } from './webhooks.routes.js';

/** Repositories, user checks and repository activity from GitHub; the GitHub webhook. */
export function registerCodehostModule(app: FastifyInstance, deps: AppDeps): void {
  registerCodehostRoutes(app, deps.codehost);
  registerWebhookRoutes(app, deps.codehost, deps.config.github.webhookSecret);
}
