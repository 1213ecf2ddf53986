import { pickUiLanguage, UI_LANGUAGE_COOKIE } from '@repolog/contract/locale';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authStatusSchema,
  currentUserSchema,
  githubLoginSchema,
  loginResultSchema,
  okSchema,
} from '@repolog/contract/auth';
import type { AuthService } from './auth.service.js';
import {
  clearOauthCookie,
  clearSessionCookies,
  OAUTH_COOKIE,
  REFRESH_COOKIE,
  setOauthCookie,
  setSessionCookies,
  type CookieSettings,
} from './cookies.js';
import { requireActor } from './session.js';
import { signedInRoutes } from './signed-in.js';

/** The auth calls of spec §7 plus the OAuth start and callback of DESIGN.md §3. */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  cookies: CookieSettings,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  r.get('/api/auth/github/authorize', { config: limited(30) }, async (_request, reply) => {
    const { url, cookie } = auth.startLogin();
    setOauthCookie(reply, cookies, cookie);
    return reply.redirect(url, 302);
  });

  r.post(
    '/api/auth/github',
    {
      schema: { body: githubLoginSchema, response: { 200: loginResultSchema } },
      config: limited(30),
    },
    async (request, reply) => {
      const signed = request.cookies[OAUTH_COOKIE];
      const unsigned = signed ? request.unsignCookie(signed) : undefined;
      const cookie = unsigned?.valid ? (unsigned.value ?? undefined) : undefined;
      const result = await auth.completeLogin(
        request.body,
        cookie,
        request.headers['user-agent'] ?? null,
        pickUiLanguage(request.cookies[UI_LANGUAGE_COOKIE], request.headers['accept-language']),
      );
      clearOauthCookie(reply, cookies);
      setSessionCookies(reply, cookies, result.access, result.refresh);
      return { loggedIn: true as const, userId: result.userId, userName: result.userName };
    },
  );

  r.get(
    '/api/auth/status',
    { schema: { response: { 200: authStatusSchema } } },
    async (request) => {
      const actor = request.actor;
      if (!actor) return { loggedIn: false, message: 'Access token is missing' };
      return {
        loggedIn: true,
        message: 'Logged in',
        userId: actor.userId,
        userName: actor.userName,
      };
    },
  );

  r.post(
    '/api/auth/refresh',
    { schema: { response: { 200: okSchema } }, config: limited(120) },
    async (request, reply) => {
      try {
        const issued = await auth.refresh(request.cookies[REFRESH_COOKIE]);
        setSessionCookies(reply, cookies, issued.access, issued.refresh);
        return { message: 'Access token refreshed' };
      } catch (error) {
        clearSessionCookies(reply, cookies);
        throw error;
      }
    },
  );

  r.post(
    '/api/auth/logout',
    { schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      await auth.logout(request.sessionId, request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply, cookies);
      return { message: 'Logged out' };
    },
  );

  signedInRoutes(app, (s) => {
    s.get('/api/auth/info', { schema: { response: { 200: currentUserSchema } } }, async (request) =>
      auth.info(requireActor(request)),
    );

    s.delete(
      '/api/auth/delete-account',
      { schema: { response: { 200: okSchema } } },
      async (request, reply) => {
        await auth.deleteAccount(requireActor(request));
        clearSessionCookies(reply, cookies);
        return { message: 'Your account has been deleted' };
      },
    );
  });
}
