import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blogIdParamsSchema,
  blogSchema,
  createBlogSchema,
  createdBlogSchema,
  myBlogListSchema,
  updateBlogSchema,
} from '@repolog/contract/blogs';
import { messageSchema } from '@repolog/contract/common';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { BlogsService } from './blogs.service.js';

/** The blog calls of spec §7 (DESIGN.md §4 shapes). */
export function registerBlogsRoutes(app: FastifyInstance, blogs: BlogsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const detail = { schema: { params: blogIdParamsSchema, response: { 200: blogSchema } } };

  r.get('/api/blog/non-member/:blogId', detail, async (request) =>
    blogs.detail(request.params.blogId, request.actor),
  );

  r.get('/api/blog/:blogId', detail, async (request) =>
    blogs.detail(request.params.blogId, request.actor),
  );

  signedInRoutes(app, (s) => {
    s.get('/api/blog', { schema: { response: { 200: myBlogListSchema } } }, async (request) =>
      blogs.listMine(requireActor(request)),
    );

    s.post(
      '/api/blog',
      { schema: { body: createBlogSchema, response: { 200: createdBlogSchema } } },
      async (request) => blogs.create(requireActor(request), request.body),
    );

    s.put(
      '/api/blog/:blogId',
      {
        schema: {
          params: blogIdParamsSchema,
          body: updateBlogSchema,
          response: { 200: blogSchema },
        },
      },
      async (request) => blogs.update(requireActor(request), request.params.blogId, request.body),
    );

    s.delete(
      '/api/blog/:blogId',
      { schema: { params: blogIdParamsSchema, response: { 200: messageSchema } } },
      async (request) => blogs.remove(requireActor(request), request.params.blogId),
    );
  });
}
