import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blogCardListSchema,
  blogIdParamsSchema,
  favoriteBodySchema,
  favoriteResultSchema,
} from '@repolog/contract/blogs';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { FavoritesService } from './favorites.service.js';
import { publicRead } from '../plugins/http-cache.js';

/** Favorite toggle, the home blog strip and the followed-blogs list (spec §7). */
export function registerFavoritesRoutes(app: FastifyInstance, favorites: FavoritesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/home/blog',
    { schema: { response: { 200: blogCardListSchema } } },
    async (_request, reply) => {
      const top = await favorites.top();
      publicRead(reply, ['home', ...top.map((blog) => `blog:${blog.blog_id}`)]);
      return top;
    },
  );

  signedInRoutes(app, (s) => {
    s.put(
      '/api/blog/:blogId/favorites',
      {
        schema: {
          params: blogIdParamsSchema,
          // The spec's client sends {blogId}; a call without a body is accepted too.
          body: favoriteBodySchema.nullish(),
          response: { 200: favoriteResultSchema },
        },
      },
      async (request) =>
        favorites.toggle(requireActor(request), request.params.blogId, request.body?.blogId),
    );

    s.get(
      '/api/home/blog/like',
      { schema: { response: { 200: blogCardListSchema } } },
      async (request) => favorites.mine(requireActor(request)),
    );
  });
}
