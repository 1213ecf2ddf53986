import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blogIdParamsSchema,
  repoItemDetailSchema,
  repoItemListSchema,
  repoItemRefParamsSchema,
  repoItemsQuerySchema,
} from '@repolog/contract/repo-items';
import { markFreshness } from './codehost.routes.js';
import type { RepoItemsService } from './repo-items.service.js';

/** The blog's repository items: the picker's search, and one item to import into text. */
export function registerRepoItemRoutes(app: FastifyInstance, items: RepoItemsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/blogs/:blogId/repo-items',
    {
      schema: {
        params: blogIdParamsSchema,
        querystring: repoItemsQuerySchema,
        response: { 200: repoItemListSchema },
      },
    },
    async (request, reply) => {
      const { q, type } = request.query;
      const result = await items.search(request.actor, request.params.blogId, q, type);
      markFreshness(reply, result.freshness);
      reply.header('Cache-Control', 'private, no-store');
      return result.items;
    },
  );

  r.get(
    '/api/blogs/:blogId/repo-items/:ref',
    {
      schema: {
        params: repoItemRefParamsSchema,
        response: { 200: repoItemDetailSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return items.detail(request.actor, request.params.blogId, request.params.ref);
    },
  );
}
