import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

/** Registers the articles feature: its routes and event listeners. */
export function registerArticlesModule(_app: FastifyInstance, _deps: AppDeps): void {
  // Routes land with the feature.
}
