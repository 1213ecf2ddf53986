import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { articles, blogs, comments, notifications, users } from '../db/schema.js';

/** A notification with the names it is shown with. */
export interface NoticeRow {
  id: number;
  recipientId: number;
  type: string;
  instigator: string;
  blogId: number | null;
  articleId: number | null;
  /** A merged pull request's draft, with the pull request's number. */
  draftId: number | null;
  pullNumber: number | null;
  blogName: string | null;
  articleTitle: string | null;
  isViewed: boolean;
  createdAt: Date;
}

export interface NewNotice {
  recipientId: number;
  instigatorId: number;
  type: string;
  blogId?: number;
  articleId?: number;
  /** A new comment's notice: hidden or held, the notice is not shown. */
  commentId?: number;
  draftId?: number;
  pullNumber?: number;
  /** Same recipient + same key = the same notification: a second one is not written. */
  dedupeKey?: string;
}

/**
 * What a recipient is shown: nothing about a hidden breakthrough, a hidden or held comment, or
 * from a person they blocked (blocked after it was written, too).
 */
const shown = sql`not exists (select 1 from articles a where a.id = ${notifications.articleId} and a.hidden_at is not null)
  and not exists (select 1 from comments c where c.id = ${notifications.commentId} and (c.hidden_at is not null or c.held is not null))
  and not exists (select 1 from user_blocks b where b.blocker_id = ${notifications.recipientId} and b.blocked_id = ${notifications.instigatorId})`;

/** Notifications: written from events, read by their recipient. */
export function notificationsRepository(db: Db) {
  const select = (tx: Db) =>
    tx
      .select({
        id: notifications.id,
        recipientId: notifications.recipientId,
        type: notifications.type,
        instigator: users.userName,
        blogId: notifications.blogId,
        articleId: notifications.articleId,
        draftId: notifications.draftId,
        pullNumber: notifications.pullNumber,
        blogName: blogs.name,
        articleTitle: articles.title,
        isViewed: notifications.isViewed,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.instigatorId))
      .leftJoin(articles, eq(articles.id, notifications.articleId))
      // An article notification names the article's blog too.
      .leftJoin(blogs, eq(blogs.id, sql`coalesce(${notifications.blogId}, ${articles.blogId})`));

  return {
    /** Writes notifications; ones whose dedupe key the recipient already has are skipped. */
    async insertMany(
      rows: NewNotice[],
      tx: Db = db,
    ): Promise<{ id: number; recipientId: number }[]> {
      if (rows.length === 0) return [];
      return tx
        .insert(notifications)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: notifications.id, recipientId: notifications.recipientId });
    },

    async list(
      recipientId: number,
      page: { offset: number; limit: number },
      tx: Db = db,
    ): Promise<NoticeRow[]> {
      return select(tx)
        .where(and(eq(notifications.recipientId, recipientId), shown))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async countAll(recipientId: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.recipientId, recipientId), shown));
      return row?.n ?? 0;
    },

    async countUnread(recipientId: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(
          and(eq(notifications.recipientId, recipientId), eq(notifications.isViewed, false), shown),
        );
      return row?.n ?? 0;
    },

    async findById(noticeId: number, tx: Db = db): Promise<NoticeRow | undefined> {
      const [row] = await select(tx).where(eq(notifications.id, noticeId));
      return row;
    },

    async markViewed(noticeId: number, tx: Db = db): Promise<void> {
      await tx.update(notifications).set({ isViewed: true }).where(eq(notifications.id, noticeId));
    },

    /** Marks every unread notification of the recipient viewed; returns how many changed. */
    async markAllViewed(recipientId: number, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(notifications)
        .set({ isViewed: true })
        .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isViewed, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** The author of an article (null once deleted), or undefined when there is no article. */
    async articleAuthorId(articleId: number, tx: Db = db): Promise<number | null | undefined> {
      const [row] = await tx
        .select({ authorId: articles.authorId })
        .from(articles)
        .where(eq(articles.id, articleId));
      return row ? row.authorId : undefined;
    },

    /** Whether a comment is still there (one deleted before its event was delivered is not). */
    async commentExists(commentId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.id, commentId));
      return row !== undefined;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
