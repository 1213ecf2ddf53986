import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { presentNotice } from './notifications.presenter.js';
import { notificationsRepository } from './notifications.repository.js';
import { registerNotificationsRoutes } from './notifications.routes.js';
import { notificationsService } from './notifications.service.js';
import { noticeHub } from './notifications.stream.js';

/**
 * Registers the notifications feature: outbox handlers that turn other features' events into
 * notifications, the notice calls, and the live stream.
 */
export function registerNotificationsModule(app: FastifyInstance, deps: AppDeps): void {
  const repo = notificationsRepository(deps.db);
  const hub = noticeHub({
    bus: deps.bus,
    loadNotice: async (noticeId) => {
      const row = await repo.findById(noticeId);
      return row && { recipientId: row.recipientId, notice: presentNotice(row) };
    },
    countUnread: (recipientId) => repo.countUnread(recipientId),
    onError: (error) => app.log.error({ err: error }, 'pushing a notification failed'),
  });
  const service = notificationsService({
    repo,
    hub,
    memberships: deps.memberships,
    safety: deps.safety,
  });

  deps.outbox.handle('blog.membersAdded', (event, delivery) =>
    service.onMembersAdded(event, delivery),
  );
  deps.outbox.handle('blog.favorited', (event, delivery) => service.onFavorited(event, delivery));
  deps.outbox.handle('article.liked', (event, delivery) => service.onLiked(event, delivery));
  deps.outbox.handle('comment.created', (event, delivery) =>
    service.onCommentCreated(event, delivery),
  );
  deps.outbox.handle('draft.leftForPull', (event, delivery) =>
    service.onPullDraft(event, delivery),
  );

  deps.metrics.gauge(
    'repolog_notification_streams_open',
    'Live notification streams open on this instance.',
    () => hub.size(),
  );
  // An ended session loses its live streams at once, on every instance.
  deps.sessionEnds.on((end) => hub.endSessions(end));
  registerNotificationsRoutes(app, service, hub, deps.config.publicUrl);
  // Open streams must end before the server waits for its connections to close.
  app.addHook('preClose', async () => hub.endStreams());
  deps.onClose(() => hub.close());
}
