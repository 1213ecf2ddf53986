import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

/** Where in a parsed request value the first string containing NUL is, or undefined. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\u0000')}`;
    const found = findNul(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store the NUL character in text, so a value holding one would fail deep in
 * a query. Every request is checked once, before validation, and refused with a 400 naming the
 * field instead.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where =
      findNul(request.body, 'body') ??
      findNul(request.query, 'querystring') ??
      findNul(request.params, 'params');
    if (where) throw badRequest('http.nul', { field: where });
  });
}
