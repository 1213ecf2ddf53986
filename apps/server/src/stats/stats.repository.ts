import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import type { StatsBatch } from './view-counter.js';

/** Rows of a raw query; the two drivers shape execute() results alike ({ rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface DayRow {
  day: string;
  views: number;
  reads: number;
  bots: number;
}
export interface DayCountRow {
  day: string;
  count: number;
}
export interface ReferrerRow {
  domain: string;
  views: number;
}
export interface TopArticleRow {
  articleId: number;
  title: string;
  views: number;
  reads: number;
}

/** The first day (YYYY-MM-DD) of the first calendar month that starts on or after `day`. */
export function firstWholeMonth(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  // Date.UTC's month counts from 0: `month` (from 1) is the next month.
  return date === 1 ? day : new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

const dayText = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

/** The stats aggregates: added to by the flushes, read by the dashboards. */
export function statsRepository(db: Db) {
  return {
    /**
     * Adds one batch in one transaction. Additive upserts, so instances flushing at once add up
     * exactly; rows in key order, so two flushes lock them in the same order (no deadlock).
     * Counts of breakthroughs that no longer exist are left out.
     */
    async add(batch: StatsBatch): Promise<void> {
      const counts = JSON.stringify(batch.counts);
      const referrers = JSON.stringify(batch.referrers);
      await transactionOf(db)(async (tx) => {
        if (batch.counts.length > 0) {
          await tx.execute(sql`
            WITH batch AS (
              SELECT b.*, a.blog_id FROM jsonb_to_recordset(${counts}::jsonb)
                AS b("articleId" int, day date, views int, reads int, bots int)
              JOIN articles a ON a.id = b."articleId"
            ), per_article AS (
              INSERT INTO article_stats_daily AS s (article_id, day, views, reads, bot_views)
              SELECT "articleId", day, views, reads, bots FROM batch ORDER BY "articleId", day
              ON CONFLICT (article_id, day) DO UPDATE SET views = s.views + excluded.views,
                reads = s.reads + excluded.reads, bot_views = s.bot_views + excluded.bot_views
            ), per_month AS (
              INSERT INTO article_stats_monthly AS s (article_id, month, blog_id, views, reads)
              SELECT "articleId", date_trunc('month', day)::date, blog_id, sum(views), sum(reads)
              FROM batch GROUP BY 1, 2, 3 ORDER BY 1, 2
              ON CONFLICT (article_id, month) DO UPDATE SET views = s.views + excluded.views,
                reads = s.reads + excluded.reads
            )
            INSERT INTO blog_stats_daily AS s (blog_id, day, views, reads, bot_views)
            SELECT blog_id, day, sum(views), sum(reads), sum(bots) FROM batch
            GROUP BY blog_id, day ORDER BY blog_id, day
            ON CONFLICT (blog_id, day) DO UPDATE SET views = s.views + excluded.views,
              reads = s.reads + excluded.reads, bot_views = s.bot_views + excluded.bot_views`);
        }
        if (batch.referrers.length > 0) {
          await tx.execute(sql`
            WITH batch AS (
              SELECT b.*, a.blog_id FROM jsonb_to_recordset(${referrers}::jsonb)
                AS b("articleId" int, day date, domain text, views int)
              JOIN articles a ON a.id = b."articleId"
            ), per_article AS (
              INSERT INTO article_referrers_daily AS s (article_id, day, domain, views)
              SELECT "articleId", day, domain, views FROM batch ORDER BY "articleId", day, domain
              ON CONFLICT (article_id, day, domain) DO UPDATE SET views = s.views + excluded.views
            )
            INSERT INTO blog_referrers_daily AS s (blog_id, day, domain, views)
            SELECT blog_id, day, domain, sum(views) FROM batch
            GROUP BY blog_id, day, domain ORDER BY blog_id, day, domain
            ON CONFLICT (blog_id, day, domain) DO UPDATE SET views = s.views + excluded.views`);
        }
      });
    },

    /** The blog a breakthrough belongs to (undefined: no such breakthrough). */
    async blogOfArticle(articleId: number): Promise<number | undefined> {
      const rows = rowsOf<{ blogId: number }>(
        await db.execute(sql`SELECT blog_id AS "blogId" FROM articles WHERE id = ${articleId}`),
      );
      return rows[0]?.blogId;
    },

    async articleDays(articleId: number, since: string): Promise<DayRow[]> {
      return rowsOf<DayRow>(
        await db.execute(sql`
          SELECT ${dayText('day')} AS day, views, reads, bot_views AS bots
          FROM article_stats_daily WHERE article_id = ${articleId} AND day >= ${since}::date`),
      );
    },

    async blogDays(blogId: number, since: string): Promise<DayRow[]> {
      return rowsOf<DayRow>(
        await db.execute(sql`
          SELECT ${dayText('day')} AS day, views, reads, bot_views AS bots
          FROM blog_stats_daily WHERE blog_id = ${blogId} AND day >= ${since}::date`),
      );
    },

    async articleReferrers(articleId: number, since: string): Promise<ReferrerRow[]> {
      return rowsOf<ReferrerRow>(
        await db.execute(sql`
          SELECT domain, sum(views)::int AS views FROM article_referrers_daily
          WHERE article_id = ${articleId} AND day >= ${since}::date
          GROUP BY domain ORDER BY views DESC, domain LIMIT 20`),
      );
    },

    async blogReferrers(blogId: number, since: string): Promise<ReferrerRow[]> {
      return rowsOf<ReferrerRow>(
        await db.execute(sql`
          SELECT domain, sum(views)::int AS views FROM blog_referrers_daily
          WHERE blog_id = ${blogId} AND day >= ${since}::date
          GROUP BY domain ORDER BY views DESC, domain LIMIT 20`),
      );
    },

    /** Likes and comments per day (UTC) of one breakthrough, or of every one of a blog. */
    async reactions(
      target: { articleId: number } | { blogId: number },
      since: string,
    ): Promise<{ likes: DayCountRow[]; comments: DayCountRow[] }> {
      const scope = (table: string) =>
        'articleId' in target
          ? sql`${sql.raw(table)}.article_id = ${target.articleId}`
          : sql`${sql.raw(table)}.article_id IN (SELECT id FROM articles WHERE blog_id = ${target.blogId})`;
      const perDay = (table: string) => sql`
        SELECT to_char((${sql.raw(table)}.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
          count(*)::int AS count
        FROM ${sql.raw(table)} WHERE ${scope(table)}
          AND ${sql.raw(table)}.created_at >= ${since}::date AT TIME ZONE 'UTC'
        GROUP BY 1`;
      // At once on PostgreSQL's pool (PGlite runs them one after the other anyway).
      const [likes, comments] = await Promise.all([
        db.execute(perDay('likes')),
        db.execute(perDay('comments')),
      ]);
      return { likes: rowsOf<DayCountRow>(likes), comments: rowsOf<DayCountRow>(comments) };
    },

    async favorites(blogId: number, since: string): Promise<DayCountRow[]> {
      return rowsOf<DayCountRow>(
        await db.execute(sql`
          SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
            count(*)::int AS count
          FROM favorites WHERE blog_id = ${blogId}
            AND created_at >= ${since}::date AT TIME ZONE 'UTC'
          GROUP BY 1`),
      );
    },

    /**
     * The blog's most viewed breakthroughs of the period (that still exist): the monthly totals
     * of the whole months in it (one range scan of the blog's months), plus the daily rows of
     * the partial month it starts in. Exact: both are added to in one statement, and a month
     * has a row when one of its days has.
     */
    async topArticles(blogId: number, since: string): Promise<TopArticleRow[]> {
      const whole = firstWholeMonth(since);
      return rowsOf<TopArticleRow>(
        await db.execute(sql`
          WITH blog_articles AS (SELECT id FROM articles WHERE blog_id = ${blogId}),
          parts AS (
            SELECT article_id, views, reads FROM article_stats_monthly
            WHERE blog_id = ${blogId} AND month >= ${whole}::date
            UNION ALL
            SELECT article_id, views, reads FROM article_stats_daily
            WHERE article_id IN (SELECT id FROM blog_articles)
              AND day >= ${since}::date AND day < ${whole}::date
          ), top AS (
            SELECT article_id, sum(views)::int AS views, sum(reads)::int AS reads FROM parts
            GROUP BY article_id ORDER BY views DESC, article_id DESC LIMIT 10
          )
          SELECT a.id AS "articleId", a.title, top.views, top.reads
          FROM top JOIN articles a ON a.id = top.article_id ORDER BY top.views DESC, a.id DESC`),
      );
    },
  };
}

export type StatsRepository = ReturnType<typeof statsRepository>;
