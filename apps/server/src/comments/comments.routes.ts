import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentDeleteParamsSchema,
  commentIdParamsSchema,
  commentListParamsSchema,
  commentListSchema,
  commentSchema,
  createCommentSchema,
  updateCommentSchema,
} from '@repolog/contract/comments';
import { messageSchema } from '@repolog/contract/common';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { CommentsService } from './comments.service.js';
import { publicRead } from '../plugins/http-cache.js';

export function registerCommentsRoutes(app: FastifyInstance, comments: CommentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/comment/comments/:articleId',
    { schema: { params: commentListParamsSchema, response: { 200: commentListSchema } } },
    async (request, reply) => {
      const list = await comments.list(request.actor, request.params.articleId);
      publicRead(reply, [`comments:${request.params.articleId}`]);
      return list;
    },
  );

  signedInRoutes(app, (s) => {
    s.post(
      '/api/comment',
      {
        schema: { body: createCommentSchema, response: { 200: commentSchema } },
      },
      async (request) => comments.create(requireActor(request), request.body),
    );

    s.put(
      '/api/comment/:commentId',
      {
        schema: {
          params: commentIdParamsSchema,
          body: updateCommentSchema,
          response: { 200: commentSchema },
        },
      },
      async (request) =>
        comments.update(requireActor(request), request.params.commentId, request.body),
    );

    s.delete(
      '/api/comment/:articleId/:commentId',
      {
        schema: { params: commentDeleteParamsSchema, response: { 200: messageSchema } },
      },
      async (request) => {
        await comments.remove(
          requireActor(request),
          request.params.articleId,
          request.params.commentId,
        );
        return { message: 'The comment has been deleted.' };
      },
    );
  });
}
