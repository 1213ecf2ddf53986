import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogIdParamsSchema } from '@repolog/contract/blogs';
import { idParam } from '@repolog/contract/common';
import { normalizeTag } from '@repolog/contract/tag-rules';
import { fieldSays } from '@repolog/contract/validation';
import type { FeedsService } from './feeds.service.js';

const RSS = 'application/rss+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=300';

const tagParamsSchema = z.object({
  name: z.string().max(100, fieldSays('name', 'tooLong', { max: 100 })),
});

const sitemapQuerySchema = z.object({ page: idParam('page').optional() });

/** /rss.xml, /blog/{blogId}/rss.xml and /sitemap.xml (registered before the SPA fallback). */
export function registerFeedsRoutes(
  app: FastifyInstance,
  feeds: FeedsService,
  publicUrl: string,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Crawlers may read every public page; the Sitemap line must be an absolute URL.
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /workspace',
    'Disallow: /notification',
    'Disallow: /like/',
    'Disallow: /follow/',
    'Disallow: /api/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  r.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE).send(robots),
  );

  r.get('/rss.xml', async (_request, reply) =>
    reply
      .type(RSS)
      .header('Cache-Control', CACHE)
      .send(await feeds.siteFeed()),
  );

  r.get(
    '/blog/:blogId/rss.xml',
    { schema: { params: blogIdParamsSchema } },
    async (request, reply) =>
      reply
        .type(RSS)
        .header('Cache-Control', CACHE)
        .send(await feeds.blogFeed(request.params.blogId)),
  );

  r.get('/tag/:name/rss.xml', { schema: { params: tagParamsSchema } }, async (request, reply) =>
    reply
      .type(RSS)
      .header('Cache-Control', CACHE)
      .send(await feeds.tagFeed(normalizeTag(request.params.name))),
  );

  r.get('/sitemap.xml', { schema: { querystring: sitemapQuerySchema } }, async (request, reply) =>
    reply
      .type(XML)
      .header('Cache-Control', CACHE)
      .send(await feeds.sitemap(request.query.page)),
  );
}
