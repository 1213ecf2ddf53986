/**
 * The aggregates stats-load.ts reads: a year of daily counts for the dashboards' blogs and
 * their breakthroughs, ten days for every other breakthrough (what the flushes would have
 * written), and the monthly totals the flush keeps beside them.
 */
import type pg from 'pg';
import { signIn, withClient } from './kit.js';

/** A dashboard a member asks for: its id and the member's session cookie. */
export interface Dashboard {
  id: number;
  cookie: string;
}

/**
 * The first `count` blogs and their breakthroughs with signed-in owners, after filling their
 * aggregates when they are missing or `fresh` (filling takes minutes; kept between runs).
 */
export async function dashboards(
  url: string,
  count: number,
  fresh: boolean,
): Promise<{ blogs: Dashboard[]; articles: Dashboard[] }> {
  return withClient(url, async (client) => {
    const { rows: blogs } = await client.query<{ id: number; owner_id: number }>(
      'SELECT id, owner_id FROM blogs ORDER BY id LIMIT $1',
      [count],
    );
    const chosen = blogs.map((b) => b.id);
    if (fresh || !(await filled(client, chosen[0] ?? 0))) await fill(client, chosen);
    // Old days' rows are all-visible once autovacuum has passed, as on a running site: the
    // dashboards read them from the index alone (VACUUM skips pages already visible).
    await client.query(`VACUUM (ANALYZE) article_stats_daily, article_stats_monthly,
      blog_stats_daily, article_referrers_daily, blog_referrers_daily`);
    const signed = await signIn(
      client,
      blogs.map((b) => b.owner_id),
    );
    const cookieOf = new Map(signed.map((s) => [s.userId, s.cookie]));
    const ownerOf = new Map(blogs.map((b) => [b.id, b.owner_id]));
    const { rows: articles } = await client.query<{ id: number; blog_id: number }>(
      'SELECT id, blog_id FROM articles WHERE blog_id = ANY($1::int[])',
      [chosen],
    );
    return {
      blogs: blogs.map((b) => ({ id: b.id, cookie: cookieOf.get(b.owner_id) ?? '' })),
      articles: articles.map((a) => ({
        id: a.id,
        cookie: cookieOf.get(ownerOf.get(a.blog_id) ?? 0) ?? '',
      })),
    };
  });
}

/**
 * Whether the first blog has its year of daily rows and its monthly totals add up to them (a
 * build from before the monthly totals may have filled the daily rows alone).
 */
async function filled(client: pg.Client, blogId: number): Promise<boolean> {
  const { rows } = await client.query<{ days: number; daily: number; monthly: number }>(
    `SELECT (SELECT count(*)::int FROM blog_stats_daily WHERE blog_id = $1) AS days,
       (SELECT coalesce(sum(s.views), 0)::int FROM article_stats_daily s
         JOIN articles a ON a.id = s.article_id WHERE a.blog_id = $1) AS daily,
       (SELECT coalesce(sum(m.views), 0)::int FROM article_stats_monthly m
         JOIN articles a ON a.id = m.article_id WHERE a.blog_id = $1) AS monthly`,
    [blogId],
  );
  const row = rows[0];
  return row !== undefined && row.days >= 365 && row.daily === row.monthly;
}

async function fill(client: pg.Client, chosen: number[]): Promise<void> {
  await client.query(`TRUNCATE article_stats_daily, article_stats_monthly, blog_stats_daily,
    article_referrers_daily, blog_referrers_daily`);
  await client.query(
    `INSERT INTO article_stats_daily (article_id, day, views, reads, bot_views)
     SELECT a.id, current_date - d, 1 + (a.id * 7 + d) % 50, (a.id + d) % 20, d % 3
     FROM articles a, generate_series(0, 364) d WHERE a.blog_id = ANY($1::int[])
     UNION ALL
     SELECT a.id, current_date - d, 1 + (a.id + d) % 9, (a.id + d) % 4, 0
     FROM articles a, generate_series(0, 9) d WHERE NOT a.blog_id = ANY($1::int[])`,
    [chosen],
  );
  await client.query(
    `INSERT INTO article_stats_monthly (article_id, month, blog_id, views, reads)
     SELECT s.article_id, date_trunc('month', s.day)::date, a.blog_id, sum(s.views), sum(s.reads)
     FROM article_stats_daily s JOIN articles a ON a.id = s.article_id GROUP BY 1, 2, 3`,
  );
  await client.query(
    `INSERT INTO blog_stats_daily (blog_id, day, views, reads, bot_views)
     SELECT a.blog_id, s.day, sum(s.views), sum(s.reads), sum(s.bot_views)
     FROM article_stats_daily s JOIN articles a ON a.id = s.article_id GROUP BY 1, 2`,
  );
  await client.query(
    `INSERT INTO article_referrers_daily (article_id, day, domain, views)
     SELECT s.article_id, s.day, dm, 1 + s.views % 5 FROM article_stats_daily s
       JOIN articles a ON a.id = s.article_id,
       unnest(ARRAY['google.com', 'news.ycombinator.com', 'x.com', '(direct)']) dm
     WHERE a.blog_id = ANY($1::int[])`,
    [chosen],
  );
  await client.query(
    `INSERT INTO blog_referrers_daily (blog_id, day, domain, views)
     SELECT a.blog_id, r.day, r.domain, sum(r.views) FROM article_referrers_daily r
       JOIN articles a ON a.id = r.article_id GROUP BY 1, 2, 3`,
  );
}

/**
 * Whether this month's monthly totals equal the sum of its daily rows (the flushes during the
 * run added to both).
 */
export function monthAddsUp(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ daily: number; monthly: number }>(
      `SELECT (SELECT coalesce(sum(views), 0)::bigint FROM article_stats_daily
           WHERE day >= date_trunc('month', current_date)) AS daily,
         (SELECT coalesce(sum(views), 0)::bigint FROM article_stats_monthly
           WHERE month = date_trunc('month', current_date)) AS monthly`,
    );
    return rows[0] !== undefined && String(rows[0].daily) === String(rows[0].monthly);
  });
}
