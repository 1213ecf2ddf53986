import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  statsArticleParamsSchema,
  statsBeaconSchema,
  statsBlogParamsSchema,
  statsQuerySchema,
  statsSchema,
} from '@repolog/contract/stats';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { StatsService } from './stats.service.js';
import type { Sighting, ViewCounter } from './view-counter.js';

const sightingOf = (
  request: FastifyRequest,
  body: { articleId: number; referrer?: string | undefined },
): Sighting => ({
  articleId: body.articleId,
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  referrer: body.referrer,
});

/**
 * The article page's beacons (a view when it opens, a read when the reader stayed and scrolled
 * past most of the body: counted in memory, 204 at once) and the members' dashboards.
 */
export function registerStatsRoutes(
  app: FastifyInstance,
  stats: StatsService,
  counter: ViewCounter,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/stats/view', { schema: { body: statsBeaconSchema } }, async (request, reply) => {
    counter.view(sightingOf(request, request.body));
    return reply.code(204).send();
  });

  r.post('/api/stats/read', { schema: { body: statsBeaconSchema } }, async (request, reply) => {
    counter.read(sightingOf(request, request.body));
    return reply.code(204).send();
  });

  signedInRoutes(app, (s) => {
    s.get(
      '/api/stats/articles/:articleId',
      {
        schema: {
          params: statsArticleParamsSchema,
          querystring: statsQuerySchema,
          response: { 200: statsSchema },
        },
      },
      async (request) =>
        stats.article(requireActor(request), request.params.articleId, request.query.days),
    );

    s.get(
      '/api/stats/blogs/:blogId',
      {
        schema: {
          params: statsBlogParamsSchema,
          querystring: statsQuerySchema,
          response: { 200: statsSchema },
        },
      },
      async (request) =>
        stats.blog(requireActor(request), request.params.blogId, request.query.days),
    );
  });
}
