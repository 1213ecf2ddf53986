import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import type { CodehostService } from './codehost.service.js';

const RELEVANT = new Set(['issues', 'pull_request', 'push']);

function validSignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/webhooks/github: GitHub says a repository changed (issues, pull requests, pushes),
 * so its cached activity is revalidated on the next page view. Signed with
 * GITHUB_WEBHOOK_SECRET; without a secret configured the endpoint does not exist.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  codehost: CodehostService,
  secret: string | undefined,
): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 5_000_000 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/api/webhooks/github',
      { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
      async (request, reply) => {
        if (!secret) throw new AppError('not_found', 'webhooks.notConfigured');
        const body = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['x-hub-signature-256'];
        if (!validSignature(secret, body, Array.isArray(signature) ? signature[0] : signature)) {
          throw new AppError('unauthenticated', 'webhooks.badSignature');
        }
        const event = String(request.headers['x-github-event'] ?? '');
        if (event === 'ping') return reply.status(200).send({ message: 'pong' });
        if (!RELEVANT.has(event))
          return reply.status(202).send({ message: `Ignored event ${event}` });
        let payload: { repository?: { full_name?: unknown } };
        try {
          payload = JSON.parse(body) as typeof payload;
        } catch {
          throw badRequest('webhooks.notJson');
        }
        const fullName = payload.repository?.full_name;
        if (typeof fullName !== 'string') throw badRequest('webhooks.noRepository');
        await codehost.invalidate(fullName);
        return reply.status(202).send({ message: `Activity of ${fullName} will refresh` });
      },
    );
  });
}
