import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { publicRead } from '../plugins/http-cache.js';

/** The blog calls of spec §7 (DESIGN.md §4 shapes). */
export function registerBlogsRoutes(app: FastifyInstance, blogs: BlogsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const detail = { schema: { params: blogIdParamsSchema, response: { 200: blogSchema } } };

  const read = async (
    request: FastifyRequest<{ Params: { blogId: number } }>,
    reply: FastifyReply,
  ) => {
    const blog = await blogs.detail(request.params.blogId, request.actor);
    publicRead(reply, [
      `blog:${request.params.blogId}`,
      ...blog.break_throughs.map((listed) => `article:${listed.articleId}`),
    ]);
    return blog;
  };
  r.get('/api/blog/non-member/:blogId', detail, read);
  r.get('/api/blog/:blogId', detail, read);

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
