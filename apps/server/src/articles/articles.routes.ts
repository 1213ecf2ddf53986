import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  articleIdParamsSchema,
  articleListSchema,
  articleSchema,
  breakthroughListQuerySchema,
  createArticleSchema,
  createdArticleSchema,
  updateArticleSchema,
} from '@repolog/contract/articles';
import { DEFAULT_LIST_SORT } from '@repolog/contract/constants';
import { messageSchema } from '@repolog/contract/common';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import { resolvePaging, setPagingHeaders } from '../plugins/paging.js';
import { listFilters } from './list-filters.js';
import type { ArticlesService } from './articles.service.js';
import { publicRead } from '../plugins/http-cache.js';

/** The article calls of spec §7. */
export function registerArticlesRoutes(
  app: FastifyInstance,
  articles: ArticlesService,
  publicUrl: string,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/article/breakthrough',
    {
      schema: { querystring: breakthroughListQuerySchema, response: { 200: articleListSchema } },
    },
    async (request, reply) => {
      const paging = resolvePaging(request.query);
      const { items, total } = await articles.listBreakthroughs(
        listFilters(request.query),
        request.query.sort ?? DEFAULT_LIST_SORT,
        paging,
      );
      setPagingHeaders(request, reply, paging, total, publicUrl);
      publicRead(reply, ['breakthroughLists:']);
      return items;
    },
  );

  r.get(
    '/api/article/breakthrough/:articleId',
    { schema: { params: articleIdParamsSchema, response: { 200: articleSchema } } },
    async (request, reply) => {
      const article = await articles.get(request.params.articleId, request.actor);
      publicRead(reply, [`article:${article.articleId}`, `blog:${article.blogId}`]);
      return article;
    },
  );

  signedInRoutes(app, (s) => {
    s.post(
      '/api/article',
      {
        schema: { body: createArticleSchema, response: { 200: createdArticleSchema } },
      },
      async (request) => articles.create(requireActor(request), request.body),
    );

    s.put(
      '/api/article/:articleId',
      {
        schema: {
          params: articleIdParamsSchema,
          body: updateArticleSchema,
          response: { 200: articleSchema },
        },
      },
      async (request) =>
        articles.update(requireActor(request), request.params.articleId, request.body),
    );

    s.delete(
      '/api/article/:articleId',
      {
        schema: { params: articleIdParamsSchema, response: { 200: messageSchema } },
      },
      async (request) => articles.delete(requireActor(request), request.params.articleId),
    );
  });
}
