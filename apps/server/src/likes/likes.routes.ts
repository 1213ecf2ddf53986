import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  articleIdParamsSchema,
  articleListSchema,
  homeArticleListSchema,
  likeBodySchema,
  likeResultSchema,
} from '@repolog/contract/articles';
import { listQuerySchema } from '@repolog/contract/common';
import { signedInOnly } from '../articles/articles.routes.js';
import { listFilters } from '../articles/list-filters.js';
import { requireActor } from '../auth/session.js';
import { resolvePaging, setPagingHeaders } from '../plugins/paging.js';
import type { LikesService } from './likes.service.js';

/** The like toggle, the home top 10 and the liked list of spec §7. */
export function registerLikesRoutes(
  app: FastifyInstance,
  likes: LikesService,
  publicUrl: string,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/article/:articleId/like',
    {
      onRequest: signedInOnly,
      schema: {
        params: articleIdParamsSchema,
        // The spec's client sends {articleId}; an empty body is fine too.
        body: likeBodySchema.optional(),
        response: { 200: likeResultSchema },
      },
    },
    async (request) =>
      likes.toggle(requireActor(request), request.params.articleId, request.body?.articleId),
  );

  r.get('/api/home/article', { schema: { response: { 200: homeArticleListSchema } } }, async () =>
    likes.home(),
  );

  r.get(
    '/api/home/article/like',
    {
      onRequest: signedInOnly,
      schema: { querystring: listQuerySchema, response: { 200: articleListSchema } },
    },
    async (request, reply) => {
      const paging = resolvePaging(request.query);
      const { items, total } = await likes.liked(
        requireActor(request),
        listFilters(request.query),
        paging,
      );
      setPagingHeaders(request, reply, paging, total, publicUrl);
      return items;
    },
  );
}
