import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import {
  articles,
  blogs,
  blogRepoSettings,
  githubDeliveries,
  githubInstallations,
  loopComments,
  pullDrafts,
  repoConnections,
} from '../db/schema.js';

export interface InstallationFacts {
  id: number;
  account: string;
  permissions: Record<string, string>;
  suspended: boolean;
}

export interface Connection {
  installationId: number;
  connected: boolean;
  /** The installation is gone or suspended: no token, no events. */
  installationLive: boolean;
  permissions: Record<string, string>;
}

export interface RepoSettings {
  mergedPullDrafts: boolean;
  closeLoop: boolean;
}

export const DEFAULT_SETTINGS: RepoSettings = { mergedPullDrafts: true, closeLoop: false };

/** Installations, connected repositories, applied deliveries and each blog's choices. */
export function connectionsRepository(db: Db) {
  return {
    transaction: transactionOf(db),

    /** Records a delivery; false when it was applied before (a repeated X-GitHub-Delivery). */
    async claimDelivery(tx: Db, id: string, event: string): Promise<boolean> {
      const rows = await tx
        .insert(githubDeliveries)
        .values({ id, event })
        .onConflictDoNothing()
        .returning({ id: githubDeliveries.id });
      return rows.length === 1;
    },

    /** Forgets deliveries older than `before` (GitHub redelivers within days, not months). */
    async pruneDeliveries(before: Date): Promise<void> {
      await db.delete(githubDeliveries).where(lt(githubDeliveries.receivedAt, before));
    },

    async saveInstallation(tx: Db, facts: InstallationFacts): Promise<void> {
      const values = { ...facts, removedAt: null, updatedAt: new Date() };
      await tx
        .insert(githubInstallations)
        .values(values)
        .onConflictDoUpdate({ target: githubInstallations.id, set: values });
    },

    async setSuspended(tx: Db, id: number, suspended: boolean): Promise<void> {
      await tx
        .update(githubInstallations)
        .set({ suspended, updatedAt: new Date() })
        .where(eq(githubInstallations.id, id));
    },

    /** The App was uninstalled: every repository it held loses its connection. */
    async removeInstallation(tx: Db, id: number): Promise<string[]> {
      await tx
        .update(githubInstallations)
        .set({ removedAt: new Date(), updatedAt: new Date() })
        .where(eq(githubInstallations.id, id));
      const rows = await tx
        .update(repoConnections)
        .set({ connected: false, changedAt: new Date() })
        .where(eq(repoConnections.installationId, id))
        .returning({ repoKey: repoConnections.repoKey });
      return rows.map((row) => row.repoKey);
    },

    async connect(tx: Db, installationId: number, repoKeys: string[]): Promise<void> {
      if (repoKeys.length === 0) return;
      await tx
        .insert(repoConnections)
        .values(repoKeys.map((repoKey) => ({ repoKey, installationId, connected: true })))
        .onConflictDoUpdate({
          target: repoConnections.repoKey,
          set: { installationId, connected: true, changedAt: new Date() },
        });
    },

    /** Access removed; only the installation that held a repository can take it away. */
    async disconnect(tx: Db, installationId: number, repoKeys: string[]): Promise<void> {
      if (repoKeys.length === 0) return;
      await tx
        .update(repoConnections)
        .set({ connected: false, changedAt: new Date() })
        .where(
          and(
            eq(repoConnections.installationId, installationId),
            inArray(repoConnections.repoKey, repoKeys),
          ),
        );
    },

    async connectionOf(repoKey: string, tx: Db = db): Promise<Connection | undefined> {
      const [row] = await tx
        .select({
          installationId: repoConnections.installationId,
          connected: repoConnections.connected,
          removedAt: githubInstallations.removedAt,
          suspended: githubInstallations.suspended,
          permissions: githubInstallations.permissions,
        })
        .from(repoConnections)
        .leftJoin(githubInstallations, eq(githubInstallations.id, repoConnections.installationId))
        .where(eq(repoConnections.repoKey, repoKey));
      if (!row) return undefined;
      return {
        installationId: row.installationId,
        connected: row.connected,
        installationLive: row.removedAt === null && row.suspended === false,
        permissions: row.permissions ?? {},
      };
    },

    async settings(blogId: number, tx: Db = db): Promise<RepoSettings> {
      const [row] = await tx
        .select({
          mergedPullDrafts: blogRepoSettings.mergedPullDrafts,
          closeLoop: blogRepoSettings.closeLoop,
        })
        .from(blogRepoSettings)
        .where(eq(blogRepoSettings.blogId, blogId));
      return row ?? DEFAULT_SETTINGS;
    },

    async saveSettings(blogId: number, settings: RepoSettings): Promise<void> {
      await db
        .insert(blogRepoSettings)
        .values({ blogId, ...settings })
        .onConflictDoUpdate({ target: blogRepoSettings.blogId, set: settings });
    },

    /** The first claim of a merged pull request for a blog wins; later ones get false. */
    async claimPullDraft(tx: Db, blogId: number, pullNumber: number): Promise<boolean> {
      const rows = await tx
        .insert(pullDrafts)
        .values({ blogId, pullNumber })
        .onConflictDoNothing()
        .returning({ blogId: pullDrafts.blogId });
      return rows.length === 1;
    },

    async setPullDraft(tx: Db, blogId: number, pullNumber: number, draftId: number) {
      await tx
        .update(pullDrafts)
        .set({ draftId })
        .where(and(eq(pullDrafts.blogId, blogId), eq(pullDrafts.pullNumber, pullNumber)));
    },

    /** The App's comments for a breakthrough, by item number. */
    async loopComments(tx: Db, articleId: number) {
      return tx
        .select({
          itemNumber: loopComments.itemNumber,
          repoKey: loopComments.repoKey,
          commentId: loopComments.commentId,
        })
        .from(loopComments)
        .where(eq(loopComments.articleId, articleId));
    },

    async saveLoopComment(
      tx: Db,
      row: { articleId: number; itemNumber: number; repoKey: string; commentId: number },
    ): Promise<void> {
      await tx
        .insert(loopComments)
        .values(row)
        .onConflictDoUpdate({
          target: [loopComments.articleId, loopComments.itemNumber],
          set: { commentId: row.commentId, repoKey: row.repoKey },
        });
    },

    async deleteLoopComment(tx: Db, articleId: number, itemNumber: number): Promise<void> {
      await tx
        .delete(loopComments)
        .where(and(eq(loopComments.articleId, articleId), eq(loopComments.itemNumber, itemNumber)));
    },

    /** What the App's comment about a breakthrough says, and where it goes. */
    async breakthroughFacts(tx: Db, articleId: number) {
      const [row] = await tx
        .select({
          title: articles.title,
          blogId: articles.blogId,
          repoKey: blogs.repoKey,
          problemRef: articles.problemRef,
          solutionRef: articles.solutionRef,
          hidden: sql<boolean>`${articles.hiddenAt} is not null`,
        })
        .from(articles)
        .innerJoin(blogs, eq(blogs.id, articles.blogId))
        .where(eq(articles.id, articleId));
      return row;
    },

    /** The blog's visible breakthroughs with a repository reference, newest first. */
    async breakthroughRefs(blogId: number) {
      return db
        .select({
          articleId: articles.id,
          title: articles.title,
          problemRef: articles.problemRef,
          solutionRef: articles.solutionRef,
        })
        .from(articles)
        .where(
          and(
            eq(articles.blogId, blogId),
            sql`${articles.hiddenAt} is null`,
            sql`(${articles.problemRef} is not null or ${articles.solutionRef} is not null)`,
          ),
        )
        .orderBy(sql`${articles.createdAt} desc`)
        .limit(500);
    },

    /** How many repositories are connected (metrics, tests). */
    async countConnected(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(repoConnections)
        .where(eq(repoConnections.connected, true));
      return row?.n ?? 0;
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof connectionsRepository>;
