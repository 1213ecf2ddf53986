import type { ModerationAction, ReportReason, ReportTarget } from '@repolog/contract/constants';
import type { Actor } from '@repolog/contract/permissions';
import type { AuditEntry, ModerationActionInput, ReportGroup } from '@repolog/contract/safety';
import type { AppDeps } from '../deps.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Events } from '../events.js';
import type { Outbox } from '../outbox/outbox.public.js';
import type { CacheSync } from '../plugins/cache-sync.js';
import type { SafetyChecks } from './safety-checks.js';
import type { SafetyRepository } from './safety.repository.js';

const AUDIT_SHOWN = 200;

/** The moderators' queue, their actions and the audit log (ADMIN_LOGINS). */
export function moderationService(deps: {
  repo: SafetyRepository;
  checks: Pick<SafetyChecks, 'isModerator' | 'isLimited'>;
  cacheSync: CacheSync;
  events: Pick<Events, 'emit'>;
  sessionEnds: Pick<AppDeps['sessionEnds'], 'ended'>;
  /** An approved (restored held) comment tells whom a new comment tells. */
  outbox: Pick<Outbox, 'add' | 'deliver'>;
}) {
  const { repo, checks, cacheSync, events, sessionEnds, outbox } = deps;

  function moderator(actor: Actor): void {
    if (!checks.isModerator(actor)) throw forbidden('moderation.moderatorsOnly');
  }

  const missing = (targetType: string, targetId: number) =>
    notFound('moderation.targetNotFound', { targetType, targetId });

  /** The content of a target and whose it is, for the queue. */
  async function contentOf(type: ReportTarget, id: number) {
    if (type === 'comment') {
      const row = await repo.comment(id);
      return row
        ? {
            ownerId: row.userId,
            content: {
              title: row.articleTitle,
              text: row.content,
              path: `/breakthrough/${row.articleId}`,
              hidden: !!row.hiddenAt,
            },
          }
        : undefined;
    }
    if (type === 'article') {
      const row = await repo.article(id);
      return row
        ? {
            ownerId: row.authorId,
            content: {
              title: row.title,
              text: row.contentText,
              path: `/breakthrough/${row.id}`,
              hidden: !!row.hiddenAt,
            },
          }
        : undefined;
    }
    const history = await repo.history(id);
    return history
      ? {
          ownerId: id,
          content: {
            title: history.user.userName,
            text: history.user.displayName,
            path: `/user/${history.user.userName}`,
            hidden: false,
          },
        }
      : undefined;
  }

  async function authorOf(userId: number | null, now: Date): Promise<ReportGroup['author']> {
    if (userId === null) return null;
    const history = await repo.history(userId);
    if (!history) return null;
    const { user } = history;
    const suspended = !!user.suspendedAt && (!user.suspendedUntil || user.suspendedUntil > now);
    return {
      userId: user.id,
      login: user.userName,
      avatarUrl: user.avatarUrl,
      githubCreatedAt: user.githubCreatedAt?.toISOString() ?? null,
      joinedAt: user.signedUpAt?.toISOString() ?? null,
      breakthroughs: history.breakthroughs,
      comments: history.comments,
      earlierActions: history.earlierActions,
      suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
      suspended,
      limited: await checks.isLimited({ userId: user.id, userName: user.userName }, now),
    };
  }

  /** Tells every cache and stored page that showed the target. */
  async function changed(type: ReportTarget, target: { articleId: number; blogId: number }) {
    cacheSync.changed('comments', String(target.articleId));
    if (type === 'article') {
      cacheSync.changed('article', String(target.articleId));
      cacheSync.changed('breakthroughLists');
      cacheSync.changed('blog', String(target.blogId));
      await events.emit('article.changed', target);
    }
  }

  /** Applies an action to a comment or an article; the person it belongs to. */
  async function onContent(
    action: 'hide' | 'restore' | 'delete',
    type: 'comment' | 'article',
    id: number,
    reason: string,
  ): Promise<number | null> {
    if (type === 'comment') {
      const row = await repo.comment(id);
      if (!row) throw missing(type, id);
      const event = await repo.transaction(async (tx) => {
        if (action === 'delete') await repo.deleteComment(id, tx);
        else await repo.setCommentHidden(id, action === 'hide' ? reason : null, tx);
        if (action !== 'restore' || row.held === null) return undefined;
        const payload = { commentId: id, articleId: row.articleId, userId: row.userId };
        return outbox.add(tx, 'comment.created', payload);
      });
      await changed(type, { articleId: row.articleId, blogId: row.blogId });
      if (event) await outbox.deliver([event]);
      return row.userId;
    }
    const row = await repo.article(id);
    if (!row) throw missing(type, id);
    if (action === 'delete') await repo.deleteArticle(id);
    else await repo.setArticleHidden(id, action === 'hide' ? reason : null);
    await changed(type, { articleId: row.id, blogId: row.blogId });
    return row.authorId;
  }

  return {
    /** Open reports grouped by target, oldest first, with the content and its author. */
    async queue(actor: Actor): Promise<ReportGroup[]> {
      moderator(actor);
      const now = new Date();
      const groups = new Map<string, ReportGroup['reports']>();
      const targets: { type: ReportTarget; id: number }[] = [];
      for (const row of await repo.openReports()) {
        const key = `${row.targetType}:${row.targetId}`;
        let list = groups.get(key);
        if (!list) {
          list = [];
          groups.set(key, list);
          targets.push({ type: row.targetType as ReportTarget, id: row.targetId });
        }
        list.push({
          reportId: row.id,
          reporter: row.reporter,
          reason: row.reason as ReportReason,
          text: row.text,
          date: row.createdAt.toISOString(),
        });
      }
      const out: ReportGroup[] = [];
      for (const { type, id } of targets) {
        const found = await contentOf(type, id);
        out.push({
          targetType: type,
          targetId: id,
          content: found?.content ?? { title: null, text: null, path: null, hidden: false },
          author: await authorOf(found?.ownerId ?? null, now),
          reports: groups.get(`${type}:${id}`) ?? [],
        });
      }
      return out;
    },

    async act(actor: Actor, input: ModerationActionInput, now = new Date()): Promise<void> {
      moderator(actor);
      const { action, targetType, targetId, reason } = input;
      let targetUserId: number | null = null;
      let until: Date | null = null;
      if (action === 'dismiss') {
        targetUserId = (await repo.ownerOf(targetType, targetId))?.ownerId ?? null;
      } else if (action === 'suspend' || action === 'unsuspend') {
        if (targetType !== 'user')
          throw badRequest('moderation.notApplicable', { action, targetType });
        if (targetId === actor.userId) throw badRequest('moderation.notSelf');
        if (!(await repo.ownerOf('user', targetId))) throw missing(targetType, targetId);
        until = input.until ? new Date(input.until) : null;
        if (until && until <= now) throw badRequest('moderation.untilPast');
        await repo.setSuspension(targetId, action === 'suspend' ? now : null, until);
        // Its sessions end at once, on every instance.
        if (action === 'suspend') sessionEnds.ended({ userId: targetId });
        targetUserId = targetId;
      } else {
        if (targetType === 'user')
          throw badRequest('moderation.notApplicable', { action, targetType });
        targetUserId = await onContent(action, targetType, targetId, reason);
      }
      const closes: Partial<Record<ModerationAction, 'actioned' | 'dismissed'>> = {
        dismiss: 'dismissed',
        hide: 'actioned',
        delete: 'actioned',
        suspend: 'actioned',
      };
      const status = closes[action];
      await repo.transaction(async (tx) => {
        if (status) await repo.closeReports(targetType, targetId, status, tx);
        await repo.addAudit(
          {
            moderatorId: actor.userId,
            moderatorName: actor.userName,
            action,
            targetType,
            targetId,
            targetUserId,
            reason,
            until,
          },
          tx,
        );
      });
    },

    async audit(actor: Actor): Promise<AuditEntry[]> {
      moderator(actor);
      return (await repo.audit(AUDIT_SHOWN)).map((row) => ({
        id: row.id,
        moderator: row.moderatorName,
        action: row.action as ModerationAction,
        targetType: row.targetType as ReportTarget,
        targetId: row.targetId,
        reason: row.reason,
        until: row.until?.toISOString() ?? null,
        date: row.createdAt.toISOString(),
      }));
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
