import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { registerAuthRoutes } from './auth.routes.js';
import { authService } from './auth.service.js';
import { registerSession } from './session.js';

/** Sessions on every request, and the auth calls. */
export function registerAuthModule(app: FastifyInstance, deps: AppDeps): void {
  registerSession(app, deps.keys, deps.auth);
  deps.sessionEnds.on((end) => {
    if ('userId' in end) deps.auth.forgetRecentSessions();
    else for (const id of end.sessionIds) deps.auth.forgetRecentSession(id);
  });
  const service = authService({
    keys: deps.keys,
    repo: deps.auth,
    users: deps.users,
    github: deps.github,
    sessionEnds: deps.sessionEnds,
    publicUrl: deps.config.publicUrl,
    cacheSync: deps.cacheSync,
    signIns: deps.signIns,
    onError: (error) => app.log.error({ err: error }, 'a sign-in listener failed'),
    cdn: deps.cdn,
  });
  registerAuthRoutes(app, service, { secure: deps.config.publicUrl.startsWith('https://') });
}
