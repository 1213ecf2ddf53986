import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '@repolog/contract/permissions';
import { AppError } from '../errors.js';
import { routePath } from '../plugins/route-path.js';
import type { AuthRepository } from './auth.repository.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies.js';
import type { TokenKeys } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    actor: Actor | null;
    /** The session behind `actor`. */
    sessionId: string | null;
    /** When the access token of this request expires (ms since epoch); null for visitors. */
    accessExpiresAt: number | null;
  }
}

/** Calls that must work with a stale or missing access token. */
const STALE_TOKEN_OK = [
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/auth/github',
  '/api/health',
  '/api/webhooks/',
  // A live draft's WebSocket: an editor whose session ended is told so in its close reason.
  '/api/draft/:draftId/live',
];

export const SESSION_EXPIRED = 'auth.sessionExpired';

/**
 * Reads the access token cookie on every API call. A valid token of a live session sets
 * `request.actor`. An expired, forged or revoked token is a 401 (so the client refreshes once),
 * except on the calls that exist to deal with exactly that.
 */
export function registerSession(app: FastifyInstance, keys: TokenKeys, repo: AuthRepository): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('accessExpiresAt', null);

  app.addHook('onRequest', async (request) => {
    const path = routePath(request);
    if (!path.startsWith('/api/')) return;
    const token = request.cookies[ACCESS_COOKIE];
    const staleOk = STALE_TOKEN_OK.some((prefix) => path.startsWith(prefix));
    if (!token) {
      // A refresh cookie alone means "signed in, access token gone": let the client refresh.
      if (request.cookies[REFRESH_COOKIE] && path === '/api/auth/status') {
        throw new AppError('unauthenticated', SESSION_EXPIRED);
      }
      return;
    }
    const verified = keys.verifyAccess(token);
    if (verified.ok) {
      const session = await repo.recentActiveSession(verified.claims.sid);
      if (session && session.userId === verified.claims.sub) {
        request.actor = { userId: session.userId, userName: session.userName };
        request.sessionId = session.sessionId;
        request.accessExpiresAt = verified.claims.exp * 1000;
        return;
      }
    }
    if (!staleOk) throw new AppError('unauthenticated', SESSION_EXPIRED);
  });
}

/** The signed-in user, or a 401 for visitors. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new AppError('unauthenticated', 'auth.loginRequired');
  }
  return request.actor;
}
