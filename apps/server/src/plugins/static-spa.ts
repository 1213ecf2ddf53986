import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';

/**
 * Serves the built web app's files (hashed assets cached for a year) and falls back to
 * `fallback` — the app's page (pages/) — for every other address, so the browser's router takes
 * over (history fallback). Unknown /api paths, other methods and missing files stay 404s.
 * Without a built web app (no `fallback`) every such address is a 404 saying so.
 */
export async function registerStaticSpa(
  app: FastifyInstance,
  options: {
    webDist: string | undefined;
    fallback: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined;
  },
): Promise<void> {
  const { webDist, fallback } = options;
  if (!webDist || !fallback) {
    app.setNotFoundHandler(async (request) => {
      const pathname = request.url.split('?')[0] ?? '/';
      throw pathname.startsWith('/api')
        ? notFound('http.noApiRoute', { method: request.method, path: pathname })
        : notFound('http.notBuilt', { path: pathname });
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') {
      throw notFound('http.noApiRoute', { method: request.method, path: pathname });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw notFound('http.nothingAtMethod', { method: request.method, path: pathname });
    }
    // A missing file (a stale hashed asset, say) is a 404, not the app shell.
    if ((pathname.split('/').pop() ?? '').includes('.'))
      throw notFound('http.noFile', { path: pathname });
    return fallback(request, reply);
  });
}
