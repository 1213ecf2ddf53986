import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

/** Registers the likes feature: its routes and event listeners. */
export function registerLikesModule(_app: FastifyInstance, _deps: AppDeps): void {
  // Routes land with the feature.
}
