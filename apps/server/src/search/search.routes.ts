import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleIdParamsSchema, articleListSchema } from '@repolog/contract/articles';
import { searchQuerySchema, searchResultSchema } from '@repolog/contract/search';
import { tagCountListSchema, tagQuerySchema } from '@repolog/contract/tags';
import { publicRead } from '../plugins/http-cache.js';
import type { Related } from './related.js';
import type { SearchService } from './search.service.js';

/**
 * GET /api/search: full-text search over the breakthroughs; GET /api/tags: tags in use (the
 * write form's autocomplete, popular tags); the related breakthroughs of one (issue 21).
 */
export function registerSearchRoutes(
  app: FastifyInstance,
  search: SearchService,
  related: Pick<Related, 'read'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } } },
    async (request) => search.search(request.query),
  );
  r.get(
    '/api/tags',
    { schema: { querystring: tagQuerySchema, response: { 200: tagCountListSchema } } },
    async (request, reply) => {
      publicRead(reply, ['breakthroughLists:']);
      return search.tags(request.query.q);
    },
  );
  r.get(
    '/api/article/breakthrough/:articleId/related',
    { schema: { params: articleIdParamsSchema, response: { 200: articleListSchema } } },
    async (request, reply) => {
      publicRead(reply, [`article:${request.params.articleId}`]);
      return related.read(request.params.articleId);
    },
  );
}
