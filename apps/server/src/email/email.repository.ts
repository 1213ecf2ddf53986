import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  articles,
  blogs,
  comments,
  demoMail,
  emailAddressRequests,
  emailItems,
  emailLikeWindows,
  emailPeriods,
  emailSent,
  emailSettings,
  users,
} from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';
import { digestQueries } from './email-digest.repository.js';

export type SettingsRow = typeof emailSettings.$inferSelect;
export type NewEmailItem = Omit<typeof emailItems.$inferInsert, 'id' | 'sentAt'>;
export type EmailItemRow = typeof emailItems.$inferSelect;
export type DemoMailRow = typeof demoMail.$inferSelect;

/** The email tables (addresses, preferences, items waiting for a digest, sent keys, mailbox). */
export function emailRepository(db: Db) {
  return {
    transaction: transactionOf(db),
    ...digestQueries,

    async settings(userId: number, tx: Db = db): Promise<SettingsRow | undefined> {
      const [row] = await tx.select().from(emailSettings).where(eq(emailSettings.userId, userId));
      return row;
    },

    /** Creates the row if missing, then applies `changes`. */
    async saveSettings(
      userId: number,
      changes: Partial<Omit<SettingsRow, 'userId'>>,
      tx: Db = db,
    ): Promise<void> {
      await tx
        .insert(emailSettings)
        .values({ userId, ...changes })
        .onConflictDoUpdate({
          target: emailSettings.userId,
          set: { ...changes, updatedAt: new Date() },
        });
    },

    async countAddressRequestsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailAddressRequests)
        .where(
          and(
            eq(emailAddressRequests.userId, userId),
            gte(emailAddressRequests.requestedAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    async addAddressRequest(userId: number, address: string, at: Date, tx: Db): Promise<void> {
      await tx.insert(emailAddressRequests).values({ userId, address, requestedAt: at });
    },

    /** The newest address asked for since `since` and not confirmed yet. */
    async pendingAddress(userId: number, since: Date): Promise<string | null> {
      const [row] = await db
        .select({ address: emailAddressRequests.address })
        .from(emailAddressRequests)
        .where(
          and(
            eq(emailAddressRequests.userId, userId),
            gte(emailAddressRequests.requestedAt, since),
            isNull(emailAddressRequests.verifiedAt),
          ),
        )
        .orderBy(desc(emailAddressRequests.id))
        .limit(1);
      return row?.address ?? null;
    },

    async markAddressVerified(userId: number, address: string, at: Date, tx: Db): Promise<void> {
      await tx
        .update(emailAddressRequests)
        .set({ verifiedAt: at })
        .where(
          and(
            eq(emailAddressRequests.userId, userId),
            eq(emailAddressRequests.address, address),
            isNull(emailAddressRequests.verifiedAt),
          ),
        );
    },

    /** Whether an account is suspended at `at` (moderation: until a time, or for good). */
    async isSuspended(userId: number, at: Date, tx: Db): Promise<boolean> {
      const [row] = await tx
        .select({ since: users.suspendedAt, until: users.suspendedUntil })
        .from(users)
        .where(eq(users.id, userId));
      return !!row?.since && (!row.until || row.until > at);
    },

    async userName(userId: number, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ name: users.userName })
        .from(users)
        .where(eq(users.id, userId));
      return row?.name;
    },

    async article(
      articleId: number,
      tx: Db = db,
    ): Promise<{ title: string; authorId: number | null } | undefined> {
      const [row] = await tx
        .select({ title: articles.title, authorId: articles.authorId })
        .from(articles)
        // A hidden breakthrough is in no email.
        .where(and(eq(articles.id, articleId), isNull(articles.hiddenAt)));
      return row;
    },

    async blogName(blogId: number, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx.select({ name: blogs.name }).from(blogs).where(eq(blogs.id, blogId));
      return row?.name;
    },

    async comment(commentId: number, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ content: comments.content })
        .from(comments)
        // Nor a hidden or held comment.
        .where(and(eq(comments.id, commentId), isNull(comments.hiddenAt), isNull(comments.held)));
      return row?.content;
    },

    /** Records an email's idempotency key; false when it was recorded before (sent already). */
    async claimSent(key: string, userId: number, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(emailSent)
        .values({ key, userId })
        .onConflictDoNothing()
        .returning({ key: emailSent.key });
      return rows.length > 0;
    },

    async addItem(item: NewEmailItem, tx: Db): Promise<void> {
      await tx.insert(emailItems).values(item);
    },

    /** Takes the items of a batch waiting for a user (one breakthrough's, when given). */
    async takeItems(
      userId: number,
      batch: string,
      articleId: number | null,
      at: Date,
      tx: Db,
    ): Promise<EmailItemRow[]> {
      return tx
        .update(emailItems)
        .set({ sentAt: at })
        .where(
          and(
            eq(emailItems.userId, userId),
            eq(emailItems.batch, batch),
            isNull(emailItems.sentAt),
            articleId === null ? undefined : eq(emailItems.articleId, articleId),
          ),
        )
        .returning();
    },

    async usersWithItems(batch: string, tx: Db): Promise<number[]> {
      const rows = await tx
        .selectDistinct({ userId: emailItems.userId })
        .from(emailItems)
        .where(and(eq(emailItems.batch, batch), isNull(emailItems.sentAt)));
      return rows.map((row) => row.userId);
    },

    /** Locks a user's likes window of a breakthrough, creating it. */
    async likeWindow(
      userId: number,
      articleId: number,
      tx: Db,
    ): Promise<{ lastSentAt: Date | null; scheduledAt: Date | null }> {
      await tx.insert(emailLikeWindows).values({ userId, articleId }).onConflictDoNothing();
      const [row] = await tx
        .select({
          lastSentAt: emailLikeWindows.lastSentAt,
          scheduledAt: emailLikeWindows.scheduledAt,
        })
        .from(emailLikeWindows)
        .where(and(eq(emailLikeWindows.userId, userId), eq(emailLikeWindows.articleId, articleId)))
        .for('update');
      return row ?? { lastSentAt: null, scheduledAt: null };
    },

    async setLikeWindow(
      userId: number,
      articleId: number,
      values: { lastSentAt?: Date | null; scheduledAt: Date | null },
      tx: Db,
    ): Promise<void> {
      await tx
        .update(emailLikeWindows)
        .set(values)
        .where(and(eq(emailLikeWindows.userId, userId), eq(emailLikeWindows.articleId, articleId)));
    },

    /** Claims a period's job (a digest); false when an instance claimed it before. */
    async claimPeriod(key: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(emailPeriods)
        .values({ key })
        .onConflictDoNothing()
        .returning({ key: emailPeriods.key });
      return rows.length > 0;
    },

    async addDemoMail(mail: Omit<DemoMailRow, 'id' | 'createdAt'>, tx: Db): Promise<void> {
      await tx.insert(demoMail).values(mail);
    },

    async demoMailList(): Promise<Omit<DemoMailRow, 'html' | 'text' | 'headers'>[]> {
      return db
        .select({
          id: demoMail.id,
          toAddress: demoMail.toAddress,
          subject: demoMail.subject,
          createdAt: demoMail.createdAt,
        })
        .from(demoMail)
        .orderBy(desc(demoMail.id))
        .limit(200);
    },

    async demoMail(id: number): Promise<DemoMailRow | undefined> {
      const [row] = await db.select().from(demoMail).where(eq(demoMail.id, id));
      return row;
    },
  };
}

export type EmailRepository = ReturnType<typeof emailRepository>;
