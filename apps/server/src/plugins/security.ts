import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { routePath } from './route-path.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The inline scripts of the web app's index.html that pages may run, by their SHA-256 (CSP
 * hashes): the one that sets the reader's color theme before the first paint. The test beside
 * this file fails when that script changes and its hash here does not.
 */
export const INLINE_SCRIPT_HASHES = ["'sha256-9uoW9tvuNHNOgnQrDlw8MK+eNtfPPR35+y8yJBWVAho='"];

/**
 * Paths that prove their origin another way (an HMAC signature) and skip the Origin check: the
 * GitHub webhook, and RFC 8058's one-click unsubscribe (a mail client's POST, with a signed token).
 */
const CSRF_EXEMPT = ['/api/webhooks/', '/api/email/unsubscribe'];

/**
 * Security headers on every response, and the CSRF rule of DESIGN.md §3: a mutating API call
 * must come from a page of PUBLIC_URL, told by its Origin (or, failing that, Referer) header.
 */
export function registerSecurity(
  app: FastifyInstance,
  publicUrl: string,
  /** Where images are served from besides this site (MEDIA_PUBLIC_URL), when not https. */
  mediaOrigin?: string,
): void {
  const origin = new URL(publicUrl).origin;
  const imageSources = ["'self'", 'data:', 'https:', ...(mediaOrigin ? [mediaOrigin] : [])];

  app.addHook('onRequest', async (request) => {
    const path = routePath(request);
    if (!MUTATING.has(request.method) || !path.startsWith('/api/')) return;
    if (CSRF_EXEMPT.some((prefix) => path.startsWith(prefix))) return;
    const sentOrigin = request.headers.origin;
    if (sentOrigin !== undefined) {
      if (sentOrigin === origin) return;
    } else {
      const referer = request.headers.referer;
      if (referer && (referer === origin || referer.startsWith(`${origin}/`))) return;
    }
    throw new AppError('forbidden', 'auth.foreignOrigin');
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!routePath(request).startsWith('/api/')) {
      reply.header(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          `img-src ${[...new Set(imageSources)].join(' ')}`,
          "style-src 'self' 'unsafe-inline'",
          `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}`,
          "connect-src 'self'",
          "font-src 'self' data:",
          "object-src 'none'",
          "base-uri 'self'",
          "frame-ancestors 'none'",
        ].join('; '),
      );
    }
  });
}
