import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityListSchema,
  activityTitleListSchema,
  htmlUrlQuerySchema,
  repoOptionsSchema,
} from '@repolog/contract/codehost';
import {
  ACTIVITY_MESSAGE_HEADER,
  ACTIVITY_NOTICE_HEADER,
  ACTIVITY_STATUS_HEADER,
} from '@repolog/contract/constants';
import { formatMessage } from '@repolog/contract/messages';
import { checkUserQuerySchema, checkUserSchema } from '@repolog/contract/users';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { CodehostService } from './codehost.service.js';
import type { Freshness } from './freshness.js';

/**
 * Says in headers when GitHub data is stale or missing, as English text and as the message's
 * key and params (JSON); both URL-encoded. The body stays the spec's array.
 */
export function markFreshness(reply: FastifyReply, freshness: Freshness): void {
  if (freshness.status === 'fresh') return;
  reply.header(ACTIVITY_STATUS_HEADER, freshness.status);
  reply.header(ACTIVITY_MESSAGE_HEADER, encodeURIComponent(formatMessage(freshness.message)));
  reply.header(ACTIVITY_NOTICE_HEADER, encodeURIComponent(JSON.stringify(freshness.message)));
  reply.header('Cache-Control', 'no-store');
}

export function registerCodehostRoutes(app: FastifyInstance, codehost: CodehostService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  signedInRoutes(app, (s) => {
    s.get(
      '/api/repos',
      { schema: { response: { 200: repoOptionsSchema } } },
      async (request, reply) => {
        const result = await codehost.listRepos(requireActor(request));
        markFreshness(reply, result.freshness);
        return result.items;
      },
    );
  });

  r.get(
    '/api/check-user',
    { schema: { querystring: checkUserQuerySchema, response: { 200: checkUserSchema } } },
    async (request) => ({
      isexists: await codehost.checkUser(request.actor, request.query.username),
    }),
  );

  r.get(
    '/api/issues-and-commits',
    { schema: { querystring: htmlUrlQuerySchema, response: { 200: activityListSchema } } },
    async (request, reply) => {
      const result = await codehost.activity(request.actor, request.query.html_url);
      markFreshness(reply, result.freshness);
      return result.items;
    },
  );

  r.get(
    '/api/issues-and-commits/title',
    { schema: { querystring: htmlUrlQuerySchema, response: { 200: activityTitleListSchema } } },
    async (request, reply) => {
      const result = await codehost.activityTitles(request.actor, request.query.html_url);
      markFreshness(reply, result.freshness);
      return result.items;
    },
  );
}
