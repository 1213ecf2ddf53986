import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

/** Registers the notifications feature: its routes and event listeners. */
export function registerNotificationsModule(_app: FastifyInstance, _deps: AppDeps): void {
  // Routes land with the feature.
}
