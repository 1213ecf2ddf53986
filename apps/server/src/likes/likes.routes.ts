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
import { listFilters } from '../articles/articles.public.js';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import { resolvePaging, setPagingHeaders } from '../plugins/paging.js';
import type { LikesService } from './likes.service.js';
import { publicRead } from '../plugins/http-cache.js';

/** The like toggle, the home top 10 and the liked list of spec §7. */
export function registerLikesRoutes(
  app: FastifyInstance,
  likes: LikesService,
  publicUrl: string,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/home/article',
    { schema: { response: { 200: homeArticleListSchema } } },
    async (_request, reply) => {
      const top = await likes.home();
      publicRead(reply, ['home', ...top.map((article) => `article:${article.articleId}`)]);
      return top;
    },
  );

  signedInRoutes(app, (s) => {
    s.put(
      '/api/article/:articleId/like',
      {
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

    s.get(
      '/api/home/article/like',
      { schema: { querystring: listQuerySchema, response: { 200: articleListSchema } } },
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
  });
}
