import type { FastifyReply } from 'fastify';
import { REFRESH_TOKEN_TTL_S } from './tokens.js';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';
export const OAUTH_COOKIE = 'oauthState';

/** The refresh token is only ever sent to the auth endpoints. */
const REFRESH_PATH = '/api/auth';
const OAUTH_PATH = '/api/auth/github';

export interface CookieSettings {
  secure: boolean;
}

/** Sets both session cookies (HttpOnly, SameSite=Lax; Secure on https). */
export function setSessionCookies(
  reply: FastifyReply,
  settings: CookieSettings,
  access: string,
  refresh?: string,
): void {
  // The access cookie outlives its 15-minute JWT so that an expired token reaches the server
  // (which answers 401 and the client refreshes) instead of silently looking signed out.
  reply.setCookie(ACCESS_COOKIE, access, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_S,
  });
  if (refresh) {
    reply.setCookie(REFRESH_COOKIE, refresh, {
      httpOnly: true,
      sameSite: 'lax',
      secure: settings.secure,
      path: REFRESH_PATH,
      maxAge: REFRESH_TOKEN_TTL_S,
    });
  }
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(ACCESS_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
  });
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
  });
}

export function setOauthCookie(reply: FastifyReply, settings: CookieSettings, value: string): void {
  reply.setCookie(OAUTH_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: OAUTH_PATH,
    maxAge: 10 * 60,
    signed: true,
  });
}

export function clearOauthCookie(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(OAUTH_COOKIE, {
    path: OAUTH_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
  });
}
