import type { FastifyRequest } from 'fastify';

/**
 * The path a request is routed by: the matched route's pattern (e.g. /api/blog/:blogId), or
 * for an unmatched request its decoded path. Hooks that decide by path must use this, not the
 * raw URL: "/%61pi/..." is routed like "/api/...".
 */
export function routePath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
