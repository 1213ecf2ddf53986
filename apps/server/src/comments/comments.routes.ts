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
import { commentModerationSchema, commentsLockSchema } from '@repolog/contract/safety';
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

    // The blog's members and the moderators keep its threads.
    s.post(
      '/api/comment/:commentId/hide',
      {
        schema: {
          params: commentIdParamsSchema,
          body: commentModerationSchema,
          response: { 200: commentSchema },
        },
      },
      async (request) =>
        comments.setHidden(
          requireActor(request),
          request.params.commentId,
          request.body.reason || 'Hidden by a member of the blog',
        ),
    );
    s.post(
      '/api/comment/:commentId/restore',
      { schema: { params: commentIdParamsSchema, response: { 200: commentSchema } } },
      async (request) => comments.setHidden(requireActor(request), request.params.commentId, null),
    );
    s.put(
      '/api/comment/lock/:articleId',
      {
        schema: {
          params: commentListParamsSchema,
          body: commentsLockSchema,
          response: { 200: commentsLockSchema },
        },
      },
      async (request) => {
        const { locked } = request.body;
        await comments.setLocked(requireActor(request), request.params.articleId, locked);
        return { locked };
      },
    );
  });
}
