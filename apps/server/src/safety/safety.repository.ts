import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { ReportTarget } from '@repolog/contract/constants';
import type { Db } from '../db/client.js';
import {
  articles,
  comments,
  moderationActions,
  refreshTokens,
  reports,
  sessions,
  users,
} from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';
import { blocksRepository } from './blocks.repository.js';

export type ReportRow = typeof reports.$inferSelect & { reporter: string };
export type AuditRow = typeof moderationActions.$inferSelect;

/** Reports, the audit log, blocks and suspensions; hiding and restoring content. */
export function safetyRepository(db: Db) {
  return {
    transaction: transactionOf(db),

    /** Whose the target is; undefined when it does not exist. */
    async ownerOf(
      type: ReportTarget,
      id: number,
      tx: Db = db,
    ): Promise<{ ownerId: number | null } | undefined> {
      if (type === 'article') {
        const [row] = await tx
          .select({ ownerId: articles.authorId })
          .from(articles)
          .where(eq(articles.id, id));
        return row;
      }
      if (type === 'comment') {
        const [row] = await tx
          .select({ ownerId: comments.userId })
          .from(comments)
          .where(eq(comments.id, id));
        return row;
      }
      const [row] = await tx.select({ ownerId: users.id }).from(users).where(eq(users.id, id));
      return row;
    },

    async hasOpenReport(reporterId: number, type: ReportTarget, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporterId),
            eq(reports.targetType, type),
            eq(reports.targetId, id),
            eq(reports.status, 'open'),
          ),
        );
      return !!row;
    },

    async insertReport(values: typeof reports.$inferInsert): Promise<number> {
      const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
      if (!row) throw new Error('inserting a report returned no row');
      return row.id;
    },

    /** Every open report, oldest first, with its reporter's login. */
    openReports(): Promise<ReportRow[]> {
      return db
        .select({ ...reportColumns, reporter: users.userName })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(eq(reports.status, 'open'))
        .orderBy(reports.id);
    },

    async closeReports(
      type: ReportTarget,
      id: number,
      status: 'actioned' | 'dismissed',
      tx: Db = db,
    ): Promise<void> {
      await tx
        .update(reports)
        .set({ status, closedAt: new Date() })
        .where(
          and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')),
        );
    },

    async addAudit(values: typeof moderationActions.$inferInsert, tx: Db = db): Promise<void> {
      await tx.insert(moderationActions).values(values);
    },

    audit(limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(moderationActions)
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(limit);
    },

    /** A person's record for the queue: account age, posts, earlier moderator actions. */
    async history(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return undefined;
      const [[posts], [written], [actions]] = await Promise.all([
        db.select({ n: count() }).from(articles).where(eq(articles.authorId, userId)),
        db.select({ n: count() }).from(comments).where(eq(comments.userId, userId)),
        db
          .select({ n: count() })
          .from(moderationActions)
          .where(eq(moderationActions.targetUserId, userId)),
      ]);
      return {
        user,
        breakthroughs: posts?.n ?? 0,
        comments: written?.n ?? 0,
        earlierActions: actions?.n ?? 0,
      };
    },

    async comment(id: number, tx: Db = db) {
      const [row] = await tx
        .select({
          id: comments.id,
          articleId: comments.articleId,
          userId: comments.userId,
          content: comments.content,
          hiddenAt: comments.hiddenAt,
          held: comments.held,
          blogId: articles.blogId,
          articleTitle: articles.title,
        })
        .from(comments)
        .innerJoin(articles, eq(articles.id, comments.articleId))
        .where(eq(comments.id, id));
      return row;
    },

    async article(id: number, tx: Db = db) {
      const [row] = await tx
        .select({
          id: articles.id,
          blogId: articles.blogId,
          authorId: articles.authorId,
          title: articles.title,
          contentText: articles.contentText,
          hiddenAt: articles.hiddenAt,
        })
        .from(articles)
        .where(eq(articles.id, id));
      return row;
    },

    async setCommentHidden(id: number, reason: string | null, tx: Db = db): Promise<void> {
      await tx
        .update(comments)
        .set(
          reason === null
            ? { hiddenAt: null, hiddenReason: null, held: null }
            : { hiddenAt: new Date(), hiddenReason: reason },
        )
        .where(eq(comments.id, id));
    },

    async deleteComment(id: number, tx: Db = db): Promise<void> {
      await tx.delete(comments).where(eq(comments.id, id));
    },

    async setArticleHidden(id: number, reason: string | null, tx: Db = db): Promise<void> {
      await tx
        .update(articles)
        .set(
          reason === null
            ? { hiddenAt: null, hiddenReason: null }
            : { hiddenAt: new Date(), hiddenReason: reason },
        )
        .where(eq(articles.id, id));
    },

    async deleteArticle(id: number, tx: Db = db): Promise<void> {
      await tx.delete(articles).where(eq(articles.id, id));
    },

    async setCommentsLocked(articleId: number, locked: boolean): Promise<void> {
      await db.update(articles).set({ commentsLocked: locked }).where(eq(articles.id, articleId));
    },

    async suspension(userId: number) {
      const [row] = await db
        .select({ at: users.suspendedAt, until: users.suspendedUntil })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Suspends (until a time, or for good with null) or lifts (at null); ends every session. */
    async setSuspension(userId: number, at: Date | null, until: Date | null, tx: Db = db) {
      await tx
        .update(users)
        .set({ suspendedAt: at, suspendedUntil: until })
        .where(eq(users.id, userId));
      if (!at) return;
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      const ids = ended.map((row) => row.id);
      if (ids.length > 0)
        await tx.delete(refreshTokens).where(inArray(refreshTokens.sessionId, ids));
    },

    async findUserByLogin(login: string) {
      const [row] = await db
        .select({ id: users.id, userName: users.userName })
        .from(users)
        .where(eq(sql`lower(${users.userName})`, login.toLowerCase()))
        .orderBy(desc(users.signedUpAt))
        .limit(1);
      return row;
    },

    ...blocksRepository(db),

    /** What GitHub said of the account at its last sign-in. */
    async githubStanding(
      userId: number,
    ): Promise<{ createdAt: Date | null; publicActivity: boolean | null } | undefined> {
      const [row] = await db
        .select({ createdAt: users.githubCreatedAt, publicActivity: users.githubPublicActivity })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async countSince(kind: 'article' | 'comment', userId: number, since: Date): Promise<number> {
      const [row] =
        kind === 'article'
          ? await db
              .select({ n: count() })
              .from(articles)
              .where(and(eq(articles.authorId, userId), gte(articles.createdAt, since)))
          : await db
              .select({ n: count() })
              .from(comments)
              .where(and(eq(comments.userId, userId), gte(comments.createdAt, since)));
      return row?.n ?? 0;
    },

    /** On how many other breakthroughs the person wrote this very text since then. */
    async sameTextElsewhere(
      userId: number,
      content: string,
      articleId: number,
      since: Date,
    ): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${comments.articleId})::int` })
        .from(comments)
        .where(
          and(
            eq(comments.userId, userId),
            eq(comments.content, content),
            gte(comments.createdAt, since),
            sql`${comments.articleId} <> ${articleId}`,
          ),
        );
      return row?.n ?? 0;
    },
  };
}

const reportColumns = {
  id: reports.id,
  reporterId: reports.reporterId,
  targetType: reports.targetType,
  targetId: reports.targetId,
  reason: reports.reason,
  text: reports.text,
  status: reports.status,
  createdAt: reports.createdAt,
  closedAt: reports.closedAt,
};

export type SafetyRepository = ReturnType<typeof safetyRepository>;
