import { and, count, desc, eq, gt, gte, ne, notInArray, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  articleFilterConditions,
  articleListColumns,
  newestFirst,
  type ArticleFilters,
  type ArticleListRow,
} from '../articles/articles.public.js';
import type { Db } from '../db/client.js';
import { articles, blogs, likes } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';

/** Most liked first, then newest: the order of the articles_like_count index (NULLS LAST). */
const byTotalLikes = [desc(articles.likeCount), ...newestFirst];

/** A home strip article: a list row (which carries its like count). */
export type HomeArticleRow = ArticleListRow;

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
     * Home ranking (DESIGN.md §4): likes received in the last 24 hours, then total likes, then
     * newest. Only two kinds of article can make the top `limit`, so only those are ranked,
     * never the whole table: ones liked in the last day at least as often as the `limit`-th
     * most liked of the day (read from the likes_created index), and the top `limit` by total
     * likes (read from the like_count index), which fill the list on a quiet day.
     */
    async homeRanking(
      options: { excludeBlogId: number; limit: number },
      tx: Db = db,
    ): Promise<HomeArticleRow[]> {
      const recent = tx.$with('recent').as(
        tx
          .select({ articleId: likes.articleId, n: sql<number>`count(*)::int`.as('n') })
          .from(likes)
          .where(gt(likes.createdAt, sql`now() - interval '24 hours'`))
          .groupBy(likes.articleId),
      );
      const excluded = tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.blogId, options.excludeBlogId));
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
            .where(ne(articles.blogId, options.excludeBlogId))
            .orderBy(...byTotalLikes)
            .limit(options.limit),
        ),
      );
      const recentLikes = sql<number>`coalesce(${recent.n}, 0)`;
      return tx
        .with(recent, eligible, candidates)
        .select(articleListColumns)
        .from(candidates)
        .innerJoin(articles, eq(articles.id, candidates.id))
        .innerJoin(blogs, eq(blogs.id, articles.blogId))
        .leftJoin(recent, eq(recent.articleId, articles.id))
        .where(ne(articles.blogId, options.excludeBlogId))
        .orderBy(desc(recentLikes), ...byTotalLikes)
        .limit(options.limit);
    },

    /** The articles a user liked, newest like first, with the total count. */
    async listLiked(
      options: { userId: number; filters: ArticleFilters; offset: number; limit: number },
      tx: Db = db,
    ): Promise<{ rows: ArticleListRow[]; total: number }> {
      const where = and(
        eq(likes.userId, options.userId),
        ...articleFilterConditions(options.filters),
      );
      const [rows, totals] = await Promise.all([
        tx
          .select(articleListColumns)
          .from(likes)
          .innerJoin(articles, eq(articles.id, likes.articleId))
          .innerJoin(blogs, eq(blogs.id, articles.blogId))
          .where(where)
          // likes_user_created serves this order for one user.
          .orderBy(desc(likes.createdAt), desc(likes.articleId))
          .limit(options.limit)
          .offset(options.offset),
        tx
          .select({ total: count() })
          .from(likes)
          .innerJoin(articles, eq(articles.id, likes.articleId))
          .where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}

export type LikesRepository = ReturnType<typeof likesRepository>;
