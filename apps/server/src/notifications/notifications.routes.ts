import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listQuerySchema } from '@repolog/contract/common';
import { NOTICE_PAGE_SIZE } from '@repolog/contract/constants';
import {
  noticeIdParamsSchema,
  noticeListSchema,
  noticeSchema,
  readAllResultSchema,
  unreadCountSchema,
} from '@repolog/contract/notifications';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import { resolvePaging, setPagingHeaders } from '../plugins/paging.js';
import type { NotificationsService } from './notifications.service.js';
import type { NoticeHub } from './notifications.stream.js';

export function registerNotificationsRoutes(
  app: FastifyInstance,
  notices: NotificationsService,
  hub: NoticeHub,
  publicUrl: string,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A visitor has no notifications: an empty list and a zero count, not a 401 (a client that
  // asks on every page for everyone, as the one the spec describes does, would otherwise treat
  // a visitor's 401 as an expired session).
  r.get(
    '/api/notice',
    { schema: { querystring: listQuerySchema, response: { 200: noticeListSchema } } },
    async (request, reply) => {
      const paging = resolvePaging(request.query, NOTICE_PAGE_SIZE);
      const { items, total } = request.actor
        ? await notices.list(request.actor, paging)
        : { items: [], total: 0 };
      setPagingHeaders(request, reply, paging, total, publicUrl);
      reply.header('Cache-Control', 'no-store');
      return items;
    },
  );

  r.get(
    '/api/notice/count',
    { schema: { response: { 200: unreadCountSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { unreadCount: request.actor ? await notices.unreadCount(request.actor) : 0 };
    },
  );

  signedInRoutes(app, (r) => {
    r.put(
      '/api/notice/read-all',
      { schema: { response: { 200: readAllResultSchema } } },
      async (request) => notices.readAll(requireActor(request)),
    );

    r.put(
      '/api/notice/:noticeId',
      { schema: { params: noticeIdParamsSchema, response: { 200: noticeSchema } } },
      async (request) => notices.markViewed(requireActor(request), request.params.noticeId),
    );

    /**
     * Server-Sent Events: `count` ({unreadCount}) on connect and after every change, `notice`
     * (the new notification) as it happens, a comment line as heartbeat. The reply is taken
     * over (hijacked) so neither compression nor any other onSend hook buffers it.
     */
    r.get('/api/notice/stream', async (request, reply) => {
      const actor = requireActor(request);
      await hub.ready();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      res.flushHeaders();
      // How long a browser waits before reconnecting after a drop.
      res.write('retry: 3000\n\n');
      const remove = hub.add({ userId: actor.userId, sessionId: request.sessionId ?? '' }, res);
      // A stream lives no longer than the access token that opened it: the browser then
      // reconnects, refreshing first, so a session ended elsewhere stops receiving.
      const expiry = setTimeout(
        () => res.end(),
        Math.max(0, (request.accessExpiresAt ?? Date.now()) - Date.now()),
      );
      expiry.unref();
      const done = () => {
        clearTimeout(expiry);
        remove();
      };
      request.raw.once('close', done);
      res.once('close', done);
    });
  });
}
