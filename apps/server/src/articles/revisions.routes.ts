import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleIdParamsSchema } from '@repolog/contract/articles';
import {
  restoredRevisionSchema,
  revisionListSchema,
  revisionParamsSchema,
  revisionSchema,
} from '@repolog/contract/revisions';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { RevisionsService } from './revisions.service.js';

/** A breakthrough's history, for the members of its blog (everyone else: 404). */
export function registerRevisionsRoutes(app: FastifyInstance, revisions: RevisionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/article/:articleId/revisions',
    { schema: { params: articleIdParamsSchema, response: { 200: revisionListSchema } } },
    async (request) => revisions.list(request.actor, request.params.articleId),
  );

  r.get(
    '/api/article/:articleId/revisions/:revisionId',
    { schema: { params: revisionParamsSchema, response: { 200: revisionSchema } } },
    async (request) =>
      revisions.get(request.actor, request.params.articleId, request.params.revisionId),
  );

  signedInRoutes(app, (s) => {
    s.post(
      '/api/article/:articleId/revisions/:revisionId/restore',
      { schema: { params: revisionParamsSchema, response: { 200: restoredRevisionSchema } } },
      async (request) =>
        revisions.restore(
          requireActor(request),
          request.params.articleId,
          request.params.revisionId,
        ),
    );
  });
}
