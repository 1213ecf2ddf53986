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
import { requireActor } from '../auth/session.js';
import type { CommentsService } from './comments.service.js';

/** Visitors get a 401 before their body is even looked at. */
const signedIn = async (request: Parameters<typeof requireActor>[0]) => {
  requireActor(request);
};

export function registerCommentsRoutes(app: FastifyInstance, comments: CommentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/comment/comments/:articleId',
    { schema: { params: commentListParamsSchema, response: { 200: commentListSchema } } },
    async (request) => comments.list(request.actor, request.params.articleId),
  );

  r.post(
    '/api/comment',
    {
      preValidation: signedIn,
      schema: { body: createCommentSchema, response: { 200: commentSchema } },
    },
    async (request) => comments.create(requireActor(request), request.body),
  );

  r.put(
    '/api/comment/:commentId',
    {
      preValidation: signedIn,
      schema: {
        params: commentIdParamsSchema,
        body: updateCommentSchema,
        response: { 200: commentSchema },
      },
    },
    async (request) =>
      comments.update(requireActor(request), request.params.commentId, request.body),
  );

  r.delete(
    '/api/comment/:articleId/:commentId',
    {
      preValidation: signedIn,
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
}
