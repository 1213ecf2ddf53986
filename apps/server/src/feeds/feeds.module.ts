import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

/** Registers the feeds feature: its routes and event listeners. */
export function registerFeedsModule(_app: FastifyInstance, _deps: AppDeps): void {
  // Routes land with the feature.
}
