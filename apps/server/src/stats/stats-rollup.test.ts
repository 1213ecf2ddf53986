import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { openSharedTestDatabases } from '../test/database.js';
import { createArticle, createBlog, createUser, type BlogRow } from '../test/factories.js';
import { firstWholeMonth, statsRepository, type TopArticleRow } from './stats.repository.js';
import type { ArticleDayCounts } from './view-counter.js';

/** The top breakthroughs summed from the daily rows alone: what the monthly totals must equal. */
async function topFromDays(db: Db, blogId: number, since: string): Promise<TopArticleRow[]> {
  const result = await db.execute(sql`
    SELECT a.id AS "articleId", a.title, sum(s.views)::int AS views, sum(s.reads)::int AS reads
    FROM article_stats_daily s JOIN articles a ON a.id = s.article_id
    WHERE a.blog_id = ${blogId} AND s.day >= ${since}::date
    GROUP BY a.id, a.title ORDER BY views DESC, a.id DESC LIMIT 10`);
  return (result as { rows: TopArticleRow[] }).rows;
}

/** Each month's totals of the blog: from the monthly rows and summed from the daily rows. */
async function monthsBothWays(db: Db, blogId: number) {
  const result = await db.execute(sql`
    SELECT to_char(m.month, 'YYYY-MM') AS month, sum(m.views)::int AS views,
      sum(m.reads)::int AS reads,
      (SELECT sum(s.views)::int FROM article_stats_daily s JOIN articles x ON x.id = s.article_id
        WHERE x.blog_id = ${blogId} AND date_trunc('month', s.day) = m.month) AS "dailyViews"
    FROM article_stats_monthly m WHERE m.blog_id = ${blogId} GROUP BY m.month ORDER BY m.month`);
  return (result as { rows: { views: number; dailyViews: number }[] }).rows;
}

const count = (
  articleId: number,
  day: string,
  views: number,
  reads = 0,
  bots = 0,
): ArticleDayCounts => ({ articleId, day, views, reads, bots });

/** Periods that start before, on and after the first of a month, and span a year's end. */
const PERIODS = ['2025-12-15', '2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'];

describe('the first whole month of a period', () => {
  it('is the month a period starts in when it starts on the 1st, else the next one', () => {
    expect(firstWholeMonth('2026-02-01')).toBe('2026-02-01');
    expect(firstWholeMonth('2025-11-27')).toBe('2025-12-01');
    expect(firstWholeMonth('2025-12-31')).toBe('2026-01-01');
    expect(firstWholeMonth('2024-02-29')).toBe('2024-03-01');
  });
});

describe('top breakthroughs from the monthly totals', () => {
  let t: TestApp;
  let blog: BlogRow;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ env: { STATS_FLUSH_MS: '3600000' } });
    const writer = await createUser(t);
    blog = await createBlog(t, { owner: writer });
    for (const title of ['Edge', 'Steady', 'Only bots', 'Early', 'Late'])
      ids.push((await createArticle(t, { blog, author: writer, title })).id);
  });
  afterAll(() => t.close());

  it('equal the sums of the daily rows across a month edge, flush after flush', async () => {
    const repo = statsRepository(t.database.db);
    const [edge = 0, steady = 0, bots = 0, early = 0, late = 0] = ids;
    await repo.add({
      counts: [
        count(edge, '2026-01-29', 5, 1),
        count(edge, '2026-01-31', 7, 2),
        count(edge, '2026-02-01', 3),
        count(steady, '2025-12-20', 4, 4),
        count(steady, '2026-02-02', 6, 1),
        // Only bots the day before a period: not among its top; the day in it: there with 0.
        count(bots, '2026-01-30', 0, 0, 9),
        count(bots, '2026-02-01', 0, 0, 2),
        count(early, '2025-12-16', 40),
      ],
      referrers: [],
    });
    await repo.add({
      counts: [
        count(edge, '2026-01-31', 1),
        count(edge, '2026-02-01', 1, 1),
        count(late, '2026-02-03', 8, 3),
        count(early, '2026-01-30', 2),
      ],
      referrers: [],
    });
    for (const since of PERIODS) {
      const top = await repo.topArticles(blog.id, since);
      expect(top, since).toEqual(await topFromDays(t.database.db, blog.id, since));
    }
    expect(await repo.topArticles(blog.id, '2026-01-31')).toEqual([
      { articleId: edge, title: 'Edge', views: 12, reads: 3 },
      { articleId: late, title: 'Late', views: 8, reads: 3 },
      { articleId: steady, title: 'Steady', views: 6, reads: 1 },
      { articleId: bots, title: 'Only bots', views: 0, reads: 0 },
    ]);
    for (const month of await monthsBothWays(t.database.db, blog.id))
      expect(month.views).toBe(month.dailyViews);
  });
});

describe('monthly totals on two instances', () => {
  it('add up exactly when both flush at once, round after round, across a month edge', async () => {
    const { first, second, close } = await openSharedTestDatabases();
    const a = await buildTestApp({ database: first, env: { STATS_FLUSH_MS: '3600000' } });
    const b = await buildTestApp({ database: second, env: { STATS_FLUSH_MS: '3600000' } });
    try {
      const writer = await createUser(a);
      const blog = await createBlog(a, { owner: writer });
      const one = await createArticle(a, { blog, author: writer, title: 'One' });
      const two = await createArticle(a, { blog, author: writer, title: 'Two' });
      const days = ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02'];
      const repos = [statsRepository(first.db), statsRepository(second.db)];
      for (let round = 0; round < 5; round += 1) {
        await Promise.all(
          repos.map((repo, instance) =>
            repo.add({
              counts: days.flatMap((day, n) => [
                count(one.id, day, 1 + n + instance, instance),
                count(two.id, day, 2 + round, 1),
              ]),
              referrers: [],
            }),
          ),
        );
      }
      // Per round: One 1+2+3+4 on the first instance and 2+3+4+5 on the second; Two 4 days of
      // 2+round views and 1 read on both.
      expect(await repos[1]?.topArticles(blog.id, '2026-03-30')).toEqual([
        { articleId: two.id, title: 'Two', views: 2 * 4 * (2 + 3 + 4 + 5 + 6), reads: 40 },
        { articleId: one.id, title: 'One', views: 5 * 24, reads: 20 },
      ]);
      for (const since of ['2026-03-31', '2026-04-01', '2026-04-02'])
        expect(await repos[0]?.topArticles(blog.id, since), since).toEqual(
          await topFromDays(first.db, blog.id, since),
        );
      for (const month of await monthsBothWays(first.db, blog.id))
        expect(month.views).toBe(month.dailyViews);
    } finally {
      await a.close();
      await b.close();
      await close();
    }
  });
});
