import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleListSchema } from '@repolog/contract/articles';
import {
  userBreakthroughsQuerySchema,
  userLoginParamsSchema,
  userProfileSchema,
} from '@repolog/contract/users';
import { resolvePaging, setPagingHeaders } from '../plugins/paging.js';
import type { UsersService } from './users.service.js';
import { publicRead } from '../plugins/http-cache.js';

/** Profile pages' calls: a user's profile and the breakthroughs they wrote. Public. */
export function registerUsersRoutes(
  app: FastifyInstance,
  users: UsersService,
  publicUrl: string,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/:login',
    { schema: { params: userLoginParamsSchema, response: { 200: userProfileSchema } } },
    async (request, reply) => {
      const profile = await users.profile(request.params.login);
      publicRead(reply, [
        `user:${request.params.login}`,
        'breakthroughLists:',
        ...profile.blogs.map((blog) => `blog:${blog.blogId}`),
      ]);
      return profile;
    },
  );

  r.get(
    '/api/user/:login/breakthroughs',
    {
      schema: {
        params: userLoginParamsSchema,
        querystring: userBreakthroughsQuerySchema,
        response: { 200: articleListSchema },
      },
    },
    async (request, reply) => {
      const paging = resolvePaging(request.query);
      const { items, total } = await users.breakthroughs(request.params.login, paging);
      setPagingHeaders(request, reply, paging, total, publicUrl);
      publicRead(reply, [`user:${request.params.login}`, 'breakthroughLists:']);
      return items;
    },
  );
}
