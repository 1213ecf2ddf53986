import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import { APP_WEBHOOK_PATH, type GitHubApp } from '../github/github.public.js';
import type { AppEvents, EventPayload } from './app-events.js';

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * POST /api/webhooks/github-app: the GitHub App's one webhook for every installation. The
 * signature (X-Hub-Signature-256, the App's webhook secret) is checked by @octokit/webhooks
 * before anything is read; a bad or missing one is 401 and changes nothing. Each delivery
 * (X-GitHub-Delivery) is applied once; events of repositories nobody connected are
 * acknowledged and ignored.
 */
export function registerAppWebhookRoutes(
  app: FastifyInstance,
  githubApp: GitHubApp | undefined,
  events: AppEvents,
): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 25_000_000 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      APP_WEBHOOK_PATH,
      { config: { rateLimit: { max: 6000, timeWindow: '1 minute' } } },
      async (request, reply) => {
        if (!githubApp) throw new AppError('not_found', 'webhooks.appNotConfigured');
        const body = typeof request.body === 'string' ? request.body : '';
        const signature = header(request.headers['x-hub-signature-256']);
        if (!(await githubApp.verifySignature(body, signature))) {
          throw new AppError('unauthenticated', 'webhooks.badSignature');
        }
        const event = header(request.headers['x-github-event']) ?? '';
        if (event === 'ping') return reply.status(200).send({ message: 'pong' });
        const delivery = header(request.headers['x-github-delivery']);
        if (!delivery || delivery.length > 100) throw badRequest('webhooks.noDelivery');
        let payload: EventPayload;
        try {
          payload = JSON.parse(body) as EventPayload;
        } catch {
          throw badRequest('webhooks.notJson');
        }
        if (typeof payload !== 'object' || payload === null) throw badRequest('webhooks.notJson');
        const applied = await events.apply(event, delivery, payload);
        return reply
          .status(applied.outcome === 'applied' ? 202 : 200)
          .send({ message: applied.message });
      },
    );
  });
}
