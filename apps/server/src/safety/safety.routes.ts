import type { FastifyInstance } from 'fastify';
import { messageSchema } from '@repolog/contract/common';
import { formatMessage } from '@repolog/contract/messages';
import {
  auditLogSchema,
  blockListSchema,
  blockParamsSchema,
  createReportSchema,
  moderationActionSchema,
  reportCreatedSchema,
  reportQueueSchema,
} from '@repolog/contract/safety';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import type { ModerationService } from './moderation.service.js';
import type { ReportsService } from './reports.service.js';

/** Reports, blocks and the moderators' calls. */
export function registerSafetyRoutes(
  app: FastifyInstance,
  reports: ReportsService,
  moderation: ModerationService,
): void {
  signedInRoutes(app, (s) => {
    s.post(
      '/api/reports',
      { schema: { body: createReportSchema, response: { 201: reportCreatedSchema } } },
      async (request, reply) => {
        const created = await reports.report(requireActor(request), request.body);
        return reply.code(201).send(created);
      },
    );

    s.get('/api/blocks', { schema: { response: { 200: blockListSchema } } }, async (request) =>
      reports.blocks(requireActor(request)),
    );
    s.put(
      '/api/blocks/:login',
      { schema: { params: blockParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        const login = await reports.block(requireActor(request), request.params.login);
        return { message: formatMessage({ key: 'blocks.blocked', params: { login } }) };
      },
    );
    s.delete(
      '/api/blocks/:login',
      { schema: { params: blockParamsSchema, response: { 200: messageSchema } } },
      async (request) => {
        const login = await reports.unblock(requireActor(request), request.params.login);
        return { message: formatMessage({ key: 'blocks.unblocked', params: { login } }) };
      },
    );

    s.get(
      '/api/admin/reports',
      { schema: { response: { 200: reportQueueSchema } } },
      async (request) => moderation.queue(requireActor(request)),
    );
    s.post(
      '/api/admin/actions',
      { schema: { body: moderationActionSchema, response: { 200: messageSchema } } },
      async (request) => {
        await moderation.act(requireActor(request), request.body);
        const { action } = request.body;
        return { message: formatMessage({ key: 'moderation.done', params: { action } }) };
      },
    );
    s.get('/api/admin/audit', { schema: { response: { 200: auditLogSchema } } }, async (request) =>
      moderation.audit(requireActor(request)),
    );
  });
}
