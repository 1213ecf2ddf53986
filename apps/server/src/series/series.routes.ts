import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleIdParamsSchema } from '@repolog/contract/articles';
import { blogIdParamsSchema } from '@repolog/contract/blogs';
import { messageSchema } from '@repolog/contract/common';
import {
  articleSeriesSchema,
  createSeriesSchema,
  seriesIdParamsSchema,
  seriesSchema,
  seriesSummaryListSchema,
  updateSeriesSchema,
} from '@repolog/contract/series';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import { publicRead } from '../plugins/http-cache.js';
import type { SeriesService } from './series.service.js';

/** Series of breakthroughs: read by anyone, changed by the blog's members (issue 21). */
export function registerSeriesRoutes(app: FastifyInstance, series: SeriesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/blog/:blogId/series',
    { schema: { params: blogIdParamsSchema, response: { 200: seriesSummaryListSchema } } },
    async (request, reply) => {
      publicRead(reply, [`blog:${request.params.blogId}`]);
      return series.listOfBlog(request.params.blogId);
    },
  );

  r.get(
    '/api/series/:seriesId',
    { schema: { params: seriesIdParamsSchema, response: { 200: seriesSchema } } },
    async (request, reply) => {
      const found = await series.get(request.params.seriesId);
      publicRead(reply, [`blog:${found.blogId}`]);
      return found;
    },
  );

  r.get(
    '/api/article/breakthrough/:articleId/series',
    { schema: { params: articleIdParamsSchema, response: { 200: articleSeriesSchema } } },
    async (request, reply) => {
      publicRead(reply, [`article:${request.params.articleId}`]);
      return series.ofArticle(request.params.articleId);
    },
  );

  signedInRoutes(app, (s) => {
    s.post(
      '/api/blog/:blogId/series',
      {
        schema: {
          params: blogIdParamsSchema,
          body: createSeriesSchema,
          response: { 200: seriesSchema },
        },
      },
      async (request) => series.create(requireActor(request), request.params.blogId, request.body),
    );
    s.put(
      '/api/series/:seriesId',
      {
        schema: {
          params: seriesIdParamsSchema,
          body: updateSeriesSchema,
          response: { 200: seriesSchema },
        },
      },
      async (request) =>
        series.update(requireActor(request), request.params.seriesId, request.body),
    );
    s.delete(
      '/api/series/:seriesId',
      { schema: { params: seriesIdParamsSchema, response: { 200: messageSchema } } },
      async (request) => series.delete(requireActor(request), request.params.seriesId),
    );
  });
}
