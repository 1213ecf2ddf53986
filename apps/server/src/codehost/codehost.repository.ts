import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import { blogs, repoCache } from '../db/schema.js';

export interface CacheEntry<T> {
  etag: string | null;
  payload: T;
  fetchedAt: Date;
  checkedAt: Date;
}

/** The GitHub response cache, and which repositories have a blog. */
export function codehostRepository(db: Db) {
  return {
    transaction: transactionOf(db),

    /** The blogs made from these repositories (by lowercased owner/name), keyed the same way. */
    async blogsOf(repoKeys: readonly string[], tx: Db = db): Promise<Map<string, number>> {
      if (repoKeys.length === 0) return new Map();
      const rows = await tx
        .select({ repoKey: blogs.repoKey, id: blogs.id })
        .from(blogs)
        .where(inArray(blogs.repoKey, [...repoKeys]));
      return new Map(rows.map((row) => [row.repoKey, row.id]));
    },

    async get<T>(repoKey: string, resource: string): Promise<CacheEntry<T> | undefined> {
      const [row] = await db
        .select()
        .from(repoCache)
        .where(and(eq(repoCache.repoKey, repoKey), eq(repoCache.resource, resource)));
      return row
        ? {
            etag: row.etag,
            payload: row.payload as T,
            fetchedAt: row.fetchedAt,
            checkedAt: row.checkedAt,
          }
        : undefined;
    },

    /**
     * Claims the right to revalidate an entry last checked before `staleBefore`. Only one
     * caller (across every instance) wins the claim for a given minute.
     */
    async claim(repoKey: string, resource: string, now: Date, staleBefore: Date): Promise<boolean> {
      const rows = await db
        .update(repoCache)
        .set({ checkedAt: now })
        .where(
          and(
            eq(repoCache.repoKey, repoKey),
            eq(repoCache.resource, resource),
            lt(repoCache.checkedAt, staleBefore),
          ),
        )
        .returning({ repoKey: repoCache.repoKey });
      return rows.length === 1;
    },

    async save(
      repoKey: string,
      resource: string,
      etag: string | null,
      payload: unknown,
      now: Date,
      tx: Db = db,
    ): Promise<void> {
      await tx
        .insert(repoCache)
        .values({ repoKey, resource, etag, payload, fetchedAt: now, checkedAt: now })
        .onConflictDoUpdate({
          target: [repoCache.repoKey, repoCache.resource],
          set: { etag, payload, fetchedAt: now, checkedAt: now },
        });
    },

    /** Makes the next page view revalidate (a webhook said the repository changed). */
    async invalidate(repoKey: string): Promise<void> {
      await db
        .update(repoCache)
        .set({ checkedAt: new Date(0) })
        .where(eq(repoCache.repoKey, repoKey));
    },
  };
}

export type CodehostRepository = ReturnType<typeof codehostRepository>;
