import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@repolog/contract/search';
import type { SearchService } from './search.service.js';

/** GET /api/search: full-text search over the breakthroughs (issue 21). */
export function registerSearchRoutes(app: FastifyInstance, search: SearchService): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/search',
      { schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } } },
      async (request) => search.search(request.query),
    );
}
