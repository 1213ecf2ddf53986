import type { Actor } from '@repolog/contract/permissions';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { safetyRepository } from './safety.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The same comment on this many breakthroughs within an hour is held (this one included). */
const REPEATS_HELD = 3;
const LINK = /https?:\/\/|www\.|\]\(/i;

/**
 * What other features ask of safety before a write: blocks, the moderators, suspensions and
 * the limits on new accounts (deps.safety).
 */
export function safetyChecks(db: Db, config: Pick<Config, 'safety'>) {
  const repo = safetyRepository(db);
  const { adminLogins, newAccountDays, breakthroughsPerDay, commentsPerDay } = config.safety;
  const moderators = new Set(adminLogins.map((login) => login.toLowerCase()));

  const isModerator = (actor: Actor | null): boolean =>
    !!actor && moderators.has(actor.userName.toLowerCase());

  /**
   * Limited like a new account: younger than NEW_ACCOUNT_DAYS by its GitHub creation date, or
   * without any public repository or gist on GitHub (both as GitHub said at its last sign-in;
   * unknown: not limited). Moderators never are.
   */
  async function isLimited(actor: Actor, now: Date): Promise<boolean> {
    if (isModerator(actor)) return false;
    const github = await repo.githubStanding(actor.userId);
    if (!github) return false;
    const { createdAt, publicActivity } = github;
    if (createdAt && now.getTime() - createdAt.getTime() < newAccountDays * DAY_MS) return true;
    return publicActivity === false;
  }

  return {
    isModerator,

    /** Whether the account is limited now (new, or without public activity on GitHub). */
    isLimited: (actor: Actor, now = new Date()): Promise<boolean> => isLimited(actor, now),

    /** Whether `blockerId` blocked `blockedId`. */
    isBlocked: (blockerId: number, blockedId: number, tx?: Db): Promise<boolean> =>
      repo.isBlocked(blockerId, blockedId, tx),

    /**
     * Whether anyone who wrote a breakthrough (its author or a co-author) blocked `userId`: a
     * person blocked by any of them may not comment on it.
     */
    isBlockedByAnAuthor: (articleId: number, userId: number): Promise<boolean> =>
      repo.blockedByAnAuthor(articleId, userId),

    /** The people `userId` blocked. */
    blockedIds: (userId: number, tx?: Db): Promise<number[]> => repo.blockedIds(userId, tx),

    /** Whether a person is suspended now (until a time, or for good). */
    async isSuspended(userId: number, now = new Date()): Promise<boolean> {
      const row = await repo.suspension(userId);
      return !!row?.at && (!row.until || row.until > now);
    },

    /** Refuses a suspended person's write with until when; passes everyone else. */
    async refuseSuspended(userId: number, now = new Date()): Promise<void> {
      const row = await repo.suspension(userId);
      if (!row?.at) return;
      if (!row.until) throw new AppError('forbidden', 'moderation.suspendedForGood');
      if (row.until > now) {
        throw new AppError('forbidden', 'moderation.suspended', { until: row.until.toISOString() });
      }
    },

    /** A new breakthrough: refused past the day's limit of a new account. */
    async checkBreakthrough(actor: Actor, now = new Date()): Promise<void> {
      if (!(await isLimited(actor, now))) return;
      const posted = await repo.countSince(
        'article',
        actor.userId,
        new Date(now.getTime() - DAY_MS),
      );
      if (posted >= breakthroughsPerDay) {
        throw new AppError('rate_limited', 'limits.breakthroughsPerDay', {
          max: breakthroughsPerDay,
        });
      }
    },

    /**
     * A new comment: refused past a limited account's daily limit; held for approval when a
     * limited account's text has links, or when the same text is already on other
     * breakthroughs. A keeper of the thread (a member of its blog, or a moderator) is never held
     * there: they are the ones who approve.
     */
    async checkComment(
      actor: Actor,
      comment: { articleId: number; content: string; keeper?: boolean },
      now = new Date(),
    ): Promise<'links' | 'repeated' | null> {
      const fresh = await isLimited(actor, now);
      if (fresh) {
        const since = new Date(now.getTime() - DAY_MS);
        const written = await repo.countSince('comment', actor.userId, since);
        if (written >= commentsPerDay) {
          throw new AppError('rate_limited', 'limits.commentsPerDay', { max: commentsPerDay });
        }
      }
      if (comment.keeper) return null;
      const elsewhere = await repo.sameTextElsewhere(
        actor.userId,
        comment.content,
        comment.articleId,
        new Date(now.getTime() - HOUR_MS),
      );
      if (elsewhere + 1 >= REPEATS_HELD) return 'repeated';
      if (fresh && LINK.test(comment.content)) return 'links';
      return null;
    },
  };
}

export type SafetyChecks = ReturnType<typeof safetyChecks>;
