import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blogIdParamsSchema } from '@repolog/contract/blogs';
import { messageSchema } from '@repolog/contract/common';
import {
  createDraftSchema,
  draftConflictSchema,
  draftIdParamsSchema,
  draftListSchema,
  draftSchema,
  publishDraftSchema,
  publishedDraftSchema,
  saveDraftSchema,
} from '@repolog/contract/drafts';
import { formatMessage } from '@repolog/contract/messages';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { DraftsService, Outcome } from './drafts.service.js';

/** A refused save answers 409 with the draft as it is now, so the page can show both. */
function answer<T>(reply: FastifyReply, outcome: Outcome<T>) {
  if (outcome.ok) return outcome.value;
  const message = { key: outcome.key, params: {} };
  return reply
    .code(409)
    .send({ error: 'conflict', message: formatMessage(message), ...message, draft: outcome.draft });
}

/** Drafts of breakthroughs: members of the blog only (404 to everyone else). */
export function registerDraftsRoutes(app: FastifyInstance, drafts: DraftsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/blog/:blogId/drafts',
    { schema: { params: blogIdParamsSchema, response: { 200: draftListSchema } } },
    async (request) => drafts.list(request.actor, request.params.blogId),
  );

  r.get(
    '/api/draft/:draftId',
    { schema: { params: draftIdParamsSchema, response: { 200: draftSchema } } },
    async (request) => drafts.get(request.actor, request.params.draftId),
  );

  signedInRoutes(app, (s) => {
    s.post(
      '/api/blog/:blogId/drafts',
      {
        schema: {
          params: blogIdParamsSchema,
          body: createDraftSchema,
          response: { 200: draftSchema, 409: draftConflictSchema },
        },
      },
      async (request, reply) =>
        answer(
          reply,
          await drafts.create(requireActor(request), request.params.blogId, request.body),
        ),
    );

    s.put(
      '/api/draft/:draftId',
      {
        schema: {
          params: draftIdParamsSchema,
          body: saveDraftSchema,
          response: { 200: draftSchema, 409: draftConflictSchema },
        },
      },
      async (request, reply) =>
        answer(
          reply,
          await drafts.save(requireActor(request), request.params.draftId, request.body),
        ),
    );

    s.delete(
      '/api/draft/:draftId',
      {
        schema: { params: draftIdParamsSchema, response: { 200: messageSchema } },
      },
      async (request) => drafts.remove(requireActor(request), request.params.draftId),
    );

    s.post(
      '/api/draft/:draftId/publish',
      {
        schema: {
          params: draftIdParamsSchema,
          body: publishDraftSchema,
          response: { 200: publishedDraftSchema, 409: draftConflictSchema },
        },
      },
      async (request, reply) =>
        answer(
          reply,
          await drafts.publish(requireActor(request), request.params.draftId, request.body.version),
        ),
    );
  });
}
