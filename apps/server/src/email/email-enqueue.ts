import { EMAIL_DEFAULTS, type EmailChoice, type EmailKind } from '@repolog/contract/constants';
import type { BlogMemberships } from '../blogs/blogs.public.js';
import type { Db } from '../db/client.js';
import type { DeliveryContext, EmailJob, Outbox, OutboxEventMap } from '../outbox/outbox.public.js';
import type { SafetyChecks } from '../safety/safety.public.js';
import type { EmailRepository, SettingsRow } from './email.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/** A person's choice for a kind: theirs, or the kind's default. */
export function choiceOf(settings: Pick<SettingsRow, 'preferences'>, kind: EmailKind): EmailChoice {
  const chosen = (settings.preferences as Partial<Record<EmailKind, EmailChoice>>)[kind];
  return chosen ?? EMAIL_DEFAULTS[kind];
}

export const addressOf = (settings: Pick<SettingsRow, 'address' | 'githubAddress'>) =>
  settings.address ?? settings.githubAddress;

/**
 * Turns the notification events into emails, in the delivery transaction of each event: an
 * `email.send` outbox event for "immediately", a digest item for "daily", nothing for "never".
 * Each email has an idempotency key, so whatever runs twice sends once.
 */
export function emailEnqueue(deps: {
  repo: EmailRepository;
  outbox: Pick<Outbox, 'add' | 'deliver'>;
  memberships: Pick<BlogMemberships, 'find'>;
  /** Nobody gets an email caused by a person they blocked. */
  safety: Pick<SafetyChecks, 'isBlocked'>;
}) {
  const { repo, outbox, safety } = deps;

  /** Sends the events written in a delivery once that delivery commits. */
  const afterCommit = (ids: number[]) =>
    ids.length > 0 ? () => void outbox.deliver(ids) : undefined;

  async function route(
    tx: Db,
    to: { userId: number; kind: EmailKind; key: string; job: EmailJob },
    item: { articleId?: number; blogId?: number; commentId?: number; actorId: number },
    ids: number[],
  ): Promise<void> {
    if (await safety.isBlocked(to.userId, item.actorId, tx)) return;
    const settings = await repo.settings(to.userId, tx);
    if (!settings || !addressOf(settings)) return;
    const choice = choiceOf(settings, to.kind);
    if (choice === 'never') return;
    if (choice === 'daily') {
      await repo.addItem({ userId: to.userId, batch: 'daily', kind: to.kind, ...item }, tx);
      return;
    }
    ids.push(await outbox.add(tx, 'email.send', { key: to.key, userId: to.userId, email: to.job }));
  }

  return {
    async onCommentCreated(event: OutboxEventMap['comment.created'], { tx }: DeliveryContext) {
      const article = await repo.article(event.articleId, tx);
      const authorId = article?.authorId;
      if (authorId == null || authorId === event.userId) return;
      const ids: number[] = [];
      const job = {
        kind: 'comment' as const,
        articleId: event.articleId,
        commentId: event.commentId,
        actorId: event.userId,
      };
      const key = `comment:${event.commentId}`;
      await route(
        tx,
        { userId: authorId, kind: 'comment', key, job },
        { articleId: event.articleId, commentId: event.commentId, actorId: event.userId },
        ids,
      );
      return afterCommit(ids);
    },

    async onMembersAdded(
      event: OutboxEventMap['blog.membersAdded'],
      { tx, occurredAt }: DeliveryContext,
    ) {
      const day = occurredAt.toISOString().slice(0, 10);
      const ids: number[] = [];
      for (const userId of new Set(event.userIds)) {
        if (userId === event.instigatorId) continue;
        const job = {
          kind: 'invitation' as const,
          blogId: event.blogId,
          actorId: event.instigatorId,
        };
        await route(
          tx,
          { userId, kind: 'invitation', key: `invitation:${event.blogId}:${userId}:${day}`, job },
          { blogId: event.blogId, actorId: event.instigatorId },
          ids,
        );
      }
      return afterCommit(ids);
    },

    async onFavorited(event: OutboxEventMap['blog.favorited'], { tx }: DeliveryContext) {
      const blog = await deps.memberships.find(event.blogId, tx);
      const ids: number[] = [];
      for (const { userId } of blog?.members ?? []) {
        if (userId === event.userId) continue;
        const job = { kind: 'favorite' as const, blogId: event.blogId, actorId: event.userId };
        await route(
          tx,
          {
            userId,
            kind: 'favorite',
            key: `favorite:${event.blogId}:${event.userId}:${userId}`,
            job,
          },
          { blogId: event.blogId, actorId: event.userId },
          ids,
        );
      }
      return afterCommit(ids);
    },

    /**
     * Likes wait in a batch: the first goes out at once, later ones at most once an hour per
     * breakthrough ("3 people liked your breakthrough …").
     */
    async onLiked(event: OutboxEventMap['article.liked'], { tx }: DeliveryContext) {
      const article = await repo.article(event.articleId, tx);
      const authorId = article?.authorId;
      if (authorId == null || authorId === event.userId) return;
      if (await safety.isBlocked(authorId, event.userId, tx)) return;
      const settings = await repo.settings(authorId, tx);
      if (!settings || !addressOf(settings)) return;
      const choice = choiceOf(settings, 'like');
      if (choice === 'never') return;
      const item = {
        userId: authorId,
        kind: 'like',
        articleId: event.articleId,
        actorId: event.userId,
      };
      if (choice === 'daily') {
        await repo.addItem({ ...item, batch: 'daily' }, tx);
        return;
      }
      await repo.addItem({ ...item, batch: 'likes' }, tx);
      const window = await repo.likeWindow(authorId, event.articleId, tx);
      if (window.scheduledAt) return;
      const now = Date.now();
      const due = new Date(Math.max(now, (window.lastSentAt?.getTime() ?? 0) + HOUR_MS));
      await repo.setLikeWindow(authorId, event.articleId, { scheduledAt: due }, tx);
      const id = await outbox.add(
        tx,
        'email.send',
        {
          key: `likes:${authorId}:${event.articleId}:${due.getTime()}`,
          userId: authorId,
          email: { kind: 'likes', articleId: event.articleId },
        },
        { availableAt: due },
      );
      return due.getTime() <= now ? afterCommit([id]) : undefined;
    },
  };
}
