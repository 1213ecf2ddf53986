import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { Notice } from '@repolog/contract/notifications';
import { can, type Actor } from '@repolog/contract/permissions';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import { forbidden, notFound } from '../errors.js';
import type { Db } from '../db/client.js';
import type { SafetyChecks } from '../safety/safety.public.js';
import type { DeliveryContext, OutboxEventMap } from '../outbox/outbox.public.js';
import { presentNotice } from './notifications.presenter.js';
import type { NewNotice, NotificationsRepository } from './notifications.repository.js';
import type { NoticeHub } from './notifications.stream.js';

/**
 * Notifications (DESIGN.md §4): written from outbox events, never called by other features.
 * Who is told: invitation -> each added member; favorited -> every member of the blog; liked
 * and new comment -> the article's author. Nobody is told of their own action, and a like or a
 * favorite notifies once per person and target however often it is toggled. The `on…`
 * handlers run in the outbox's delivery transaction: the rows and their live push are written
 * together with the event's "delivered" mark, exactly once.
 */
export function notificationsService(deps: {
  repo: NotificationsRepository;
  hub: Pick<NoticeHub, 'publish' | 'announce'>;
  /** Who belongs to a blog (its members hear of a new favorite). */
  memberships: Pick<BlogMemberships, 'find'>;
  /** Nobody is notified by a person they blocked, of any type. */
  safety: Pick<SafetyChecks, 'isBlocked'>;
}) {
  const { repo, hub, memberships, safety } = deps;

  async function write(rows: NewNotice[], tx: Db): Promise<void> {
    const allowed: NewNotice[] = [];
    for (const row of rows) {
      if (!(await safety.isBlocked(row.recipientId, row.instigatorId, tx))) allowed.push(row);
    }
    if (allowed.length === 0) return;
    const inserted = await repo.insertMany(allowed, tx);
    for (const row of inserted) await hub.announce(tx, row.recipientId, row.id);
  }

  return {
    async list(
      actor: Actor,
      page: { offset: number; limit: number },
    ): Promise<{ items: Notice[]; total: number }> {
      const [rows, total] = await Promise.all([
        repo.list(actor.userId, page),
        repo.countAll(actor.userId),
      ]);
      return { items: rows.map(presentNotice), total };
    },

    unreadCount(actor: Actor): Promise<number> {
      return repo.countUnread(actor.userId);
    },

    /** Marks one notification viewed: only its recipient may. */
    async markViewed(actor: Actor, noticeId: number): Promise<Notice> {
      const row = await repo.findById(noticeId);
      if (!row) throw notFound('notifications.notFound', { noticeId });
      if (!can(actor, 'notice.mark', { recipientId: row.recipientId })) {
        throw forbidden('notifications.recipientOnly');
      }
      if (!row.isViewed) {
        await repo.markViewed(noticeId);
        // The recipient's other open tabs update their badge too.
        await hub.publish(actor.userId);
      }
      return presentNotice({ ...row, isViewed: true });
    },

    async readAll(actor: Actor): Promise<{ updated: number; unreadCount: number }> {
      const updated = await repo.markAllViewed(actor.userId);
      if (updated > 0) await hub.publish(actor.userId);
      return { updated, unreadCount: await repo.countUnread(actor.userId) };
    },

    /**
     * Invites each added member, at most once per blog and day: removing and adding someone
     * again and again does not flood them (the day is UTC's, of when they were added).
     */
    async onMembersAdded(
      event: OutboxEventMap['blog.membersAdded'],
      { tx, occurredAt }: DeliveryContext,
    ): Promise<void> {
      const day = occurredAt.toISOString().slice(0, 10);
      await write(
        [...new Set(event.userIds)]
          .filter((userId) => userId !== event.instigatorId)
          .map((recipientId) => ({
            recipientId,
            instigatorId: event.instigatorId,
            type: NOTICE_TYPES.invitation,
            blogId: event.blogId,
            dedupeKey: `invitation:${event.blogId}:${day}`,
          })),
        tx,
      );
    },

    /** A merged pull request left a draft: its author (or every member) may open it. */
    async onPullDraft(
      event: OutboxEventMap['draft.leftForPull'],
      { tx }: DeliveryContext,
    ): Promise<void> {
      await write(
        [...new Set(event.recipientIds)].map((recipientId) => ({
          recipientId,
          instigatorId: event.instigatorId,
          type: NOTICE_TYPES.pullDraft,
          blogId: event.blogId,
          draftId: event.draftId,
          pullNumber: event.pullNumber,
          dedupeKey: `pull-draft:${event.blogId}:${event.pullNumber}`,
        })),
        tx,
      );
    },

    async onFavorited(
      event: OutboxEventMap['blog.favorited'],
      { tx }: DeliveryContext,
    ): Promise<void> {
      const blog = await memberships.find(event.blogId, tx);
      const members = (blog?.members ?? []).filter((member) => member.userId !== event.userId);
      await write(
        members.map(({ userId: recipientId }) => ({
          recipientId,
          instigatorId: event.userId,
          type: NOTICE_TYPES.favorited,
          blogId: event.blogId,
          dedupeKey: `favorite:${event.blogId}:${event.userId}`,
        })),
        tx,
      );
    },

    async onLiked(event: OutboxEventMap['article.liked'], { tx }: DeliveryContext): Promise<void> {
      const authorId = await repo.articleAuthorId(event.articleId, tx);
      if (authorId == null || authorId === event.userId) return;
      await write(
        [
          {
            recipientId: authorId,
            instigatorId: event.userId,
            type: NOTICE_TYPES.liked,
            articleId: event.articleId,
            dedupeKey: `like:${event.articleId}:${event.userId}`,
          },
        ],
        tx,
      );
    },

    async onCommentCreated(
      event: OutboxEventMap['comment.created'],
      { tx }: DeliveryContext,
    ): Promise<void> {
      const authorId = await repo.articleAuthorId(event.articleId, tx);
      if (authorId == null || authorId === event.userId) return;
      // Deleted before delivery: nothing to tell (and its notice could not name it).
      if (!(await repo.commentExists(event.commentId, tx))) return;
      await write(
        [
          {
            recipientId: authorId,
            instigatorId: event.userId,
            type: NOTICE_TYPES.comment,
            articleId: event.articleId,
            commentId: event.commentId,
          },
        ],
        tx,
      );
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
