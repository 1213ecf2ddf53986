import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { routePath } from '../plugins/route-path.js';
import { moderationService } from './moderation.service.js';
import { reportsService } from './reports.service.js';
import { safetyRepository } from './safety.repository.js';
import { registerSafetyRoutes } from './safety.routes.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Calls a suspended person may still make, because they are reading, not writing: signing in
 * and out, marking their own notices read, and the article page's view and read beacons.
 */
const READER_CALLS = ['/api/auth/', '/api/notice/', '/api/stats/view', '/api/stats/read'];

/**
 * Registers safety: reports, blocks, the moderators' queue and actions, and the refusal of a
 * suspended person's every write (READER_CALLS excepted, so they can still read).
 * Register it before the other features, so its hook covers their routes.
 */
export function registerSafetyModule(app: FastifyInstance, deps: AppDeps): void {
  const repo = safetyRepository(deps.db);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.actor || !WRITES.has(request.method)) return;
    const path = routePath(request);
    if (!path.startsWith('/api/') || READER_CALLS.some((call) => path.startsWith(call))) return;
    await deps.safety.refuseSuspended(request.actor.userId);
  });
  registerSafetyRoutes(
    app,
    reportsService({ repo }),
    moderationService({
      repo,
      checks: deps.safety,
      cacheSync: deps.cacheSync,
      events: deps.events,
      sessionEnds: deps.sessionEnds,
      outbox: deps.outbox,
    }),
  );
}
