import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { blogMembers, blogs, repoCache } from '../db/schema.js';

export interface CacheEntry<T> {
  etag: string | null;
  payload: T;
  fetchedAt: Date;
  checkedAt: Date;
}

export interface RepoAccess {
  blogId: number;
  private: boolean;
  ownerId: number;
  memberIds: number[];
}

/** The GitHub response cache, and who may see a linked repository. */
export function codehostRepository(db: Db) {
  return {
    /** The blogs made from these repositories (by lowercased owner/name), keyed the same way. */
    async blogsOf(repoKeys: readonly string[]): Promise<Map<string, number>> {
      if (repoKeys.length === 0) return new Map();
      const rows = await db
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
    ): Promise<void> {
      await db
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

    /** The blog linked to a repository, with who may see its activity. */
    async access(repoKey: string): Promise<RepoAccess | undefined> {
      const [row] = await db
        .select({
          blogId: blogs.id,
          private: blogs.repoPrivate,
          ownerId: blogs.ownerId,
          memberIds: sql<
            number[]
          >`coalesce(array_agg(${blogMembers.userId}) filter (where ${blogMembers.userId} is not null), '{}')`,
        })
        .from(blogs)
        .leftJoin(blogMembers, eq(blogMembers.blogId, blogs.id))
        .where(eq(blogs.repoKey, repoKey))
        .groupBy(blogs.id);
      return row ? { ...row, memberIds: row.memberIds.map(Number) } : undefined;
    },
  };
}

export type CodehostRepository = ReturnType<typeof codehostRepository>;
