import { and, desc, eq, gt, gte, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { articles, likes } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';

/**
 * Most liked first, then newest: the order of the articles_like_count index (NULLS LAST), whose
 * tie-break is the articles_created index's order.
 */
const byTotalLikes = [desc(articles.likeCount), desc(articles.createdAt), desc(articles.id)];

/**
 * Likes, and articles.like_count kept equal to the number of like rows: every row inserted or
 * deleted here moves the counter by exactly one in the same transaction.
 */
export function likesRepository(db: Db) {
  return {
    transaction: transactionOf(db),

    /**
     * Locks the article row for the rest of the transaction, so the likes of one article are
     * toggled one at a time and every answer is a true state; false when it does not exist.
     */
    async lockArticle(articleId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.id, articleId))
        .for('update');
      return row !== undefined;
    },

    /** Inserts the like unless it exists; true when a row was actually added. */
    async add(userId: number, articleId: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(likes)
        .values({ userId, articleId })
        .onConflictDoNothing()
        .returning({ articleId: likes.articleId });
      return rows.length === 1;
    },

    /** Deletes the like; true when a row was actually removed. */
    async remove(userId: number, articleId: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(likes)
        .where(and(eq(likes.userId, userId), eq(likes.articleId, articleId)))
        .returning({ articleId: likes.articleId });
      return rows.length === 1;
    },

    /** Moves like_count by `delta` (0 reads it) and returns the new value. */
    async bumpCount(articleId: number, delta: -1 | 0 | 1, tx: Db = db): Promise<number> {
      const [row] =
        delta === 0
          ? await tx
              .select({ likeCount: articles.likeCount })
              .from(articles)
              .where(eq(articles.id, articleId))
          : await tx
              .update(articles)
              .set({ likeCount: sql`${articles.likeCount} + ${delta}` })
              .where(eq(articles.id, articleId))
              .returning({ likeCount: articles.likeCount });
      return row?.likeCount ?? 0;
    },

    /**
     * The ids of the home ranking (DESIGN.md §4), in its order: likes received in the last 24 hours, then total likes, then
     * newest. Only two kinds of article can make the top `limit`, so only those are ranked,
     * never the whole table: ones liked in the last day at least as often as the `limit`-th
     * most liked of the day (read from the likes_created index), and the top `limit` by total
     * likes (read from the like_count index), which fill the list on a quiet day.
     */
    async homeRanking(
      options: { excludeBlogId: number; limit: number },
      tx: Db = db,
    ): Promise<number[]> {
      const recent = tx.$with('recent').as(
        tx
          .select({ articleId: likes.articleId, n: sql<number>`count(*)::int`.as('n') })
          .from(likes)
          .where(gt(likes.createdAt, sql`now() - interval '24 hours'`))
          .groupBy(likes.articleId),
      );
      // The official notices, and hidden breakthroughs (a hidden one leaves the top 10 and the
      // next one moves up).
      const excluded = tx
        .select({ id: articles.id })
        .from(articles)
        .where(or(eq(articles.blogId, options.excludeBlogId), isNotNull(articles.hiddenAt)));
      const eligible = tx
        .$with('eligible')
        .as(
          tx
            .select({ articleId: recent.articleId, n: recent.n })
            .from(recent)
            .where(notInArray(recent.articleId, excluded)),
        );
      const cutOff = sql`coalesce((select e.n from ${eligible} e order by e.n desc offset ${options.limit - 1} limit 1), 1)`;
      const candidates = tx.$with('candidates').as(
        union(
          tx.select({ id: eligible.articleId }).from(eligible).where(gte(eligible.n, cutOff)),
          tx
            .select({ id: articles.id })
            .from(articles)
            .where(and(ne(articles.blogId, options.excludeBlogId), isNull(articles.hiddenAt)))
            .orderBy(...byTotalLikes)
            .limit(options.limit),
        ),
      );
      const recentLikes = sql<number>`coalesce(${recent.n}, 0)`;
      const ranked = await tx
        .with(recent, eligible, candidates)
        .select({ id: articles.id })
        .from(candidates)
        .innerJoin(articles, eq(articles.id, candidates.id))
        .leftJoin(recent, eq(recent.articleId, articles.id))
        .where(and(ne(articles.blogId, options.excludeBlogId), isNull(articles.hiddenAt)))
        .orderBy(desc(recentLikes), ...byTotalLikes)
        .limit(options.limit);
      return ranked.map((row) => row.id);
    },
  };
}

export type LikesRepository = ReturnType<typeof likesRepository>;
