/**
 * Writers' stats: 1,000,000 views counted by two instances (two counters, two connection pools
 * on one PostgreSQL database, flushing every STATS_FLUSH_MS while views arrive) land exactly in
 * the daily aggregates. Prints the in-memory counting rate and the flushes' cost.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stats.ts
 */
import { setImmediate as yieldToTimers } from 'node:timers/promises';
import { openDatabase } from '../apps/server/src/db/client.js';
import { statsRepository } from '../apps/server/src/stats/stats.repository.js';
import { createViewCounter } from '../apps/server/src/stats/view-counter.js';
import { freshDatabase, withClient } from './kit.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const ARTICLES = 1000;
const FLUSH_MS = Number(process.env.STATS_FLUSH_MS ?? 200);

const url = await freshDatabase(adminUrl, 'repolog_bench_stats');
const instances = await Promise.all([0, 1].map(() => openDatabase({ url, poolSize: 4 })));
await withClient(url, async (client) => {
  await client.query(`INSERT INTO users (github_id, user_name) VALUES (1, 'bench') `);
  await client.query(`INSERT INTO blogs (name, description, git_repo_url, repo_key, owner_id)
    SELECT 'Bench', 'Bench', 'https://github.com/bench/bench', 'bench/bench', id FROM users`);
  await client.query(`INSERT INTO articles (blog_id, author_id, title, content)
    SELECT b.id, b.owner_id, 'A ' || n, 'Body' FROM blogs b, generate_series(1, ${ARTICLES}) n`);
});
const articleIds = await withClient(url, async (client) =>
  (await client.query<{ id: number }>('SELECT id FROM articles ORDER BY id')).rows.map((r) => r.id),
);

let flushes = 0;
let flushMs = 0;
const counters = instances.map((database) => {
  const repo = statsRepository(database.db);
  const counter = createViewCounter({
    write: async (batch) => {
      const started = performance.now();
      await repo.add(batch);
      flushMs += performance.now() - started;
      flushes += 1;
    },
    flushMs: FLUSH_MS,
    onError: (error) => console.error('flush failed (kept for the next one)', error),
  });
  counter.start();
  return counter;
});

const started = performance.now();
for (let n = 0; n < VIEWS; n += 1) {
  // A distinct reader per view (their address), so none is a repeat within 30 minutes.
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}:${n >> 24}`;
  counters[n % 2]?.view({
    articleId: articleIds[n % ARTICLES] ?? 0,
    address,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0',
    referrer: n % 3 ? 'https://www.google.com/search?q=x' : '',
  });
  if (n % 10_000 === 0) await yieldToTimers();
}
const countedMs = performance.now() - started;
await Promise.all(counters.map((counter) => counter.stop()));

const [totals] = await withClient(
  url,
  async (client) =>
    (
      await client.query<{ articles: number; blogs: number; referrers: number }>(`SELECT
      (SELECT coalesce(sum(views), 0)::int FROM article_stats_daily) AS articles,
      (SELECT coalesce(sum(views), 0)::int FROM blog_stats_daily) AS blogs,
      (SELECT coalesce(sum(views), 0)::int FROM blog_referrers_daily) AS referrers`)
    ).rows,
);
await Promise.all(instances.map((database) => database.close()));

const exact = totals?.articles === VIEWS && totals.blogs === VIEWS && totals.referrers === VIEWS;
console.log(`views sent                 ${VIEWS.toLocaleString('en')} (two instances)`);
console.log(
  `in the aggregates          articles ${totals?.articles}, blogs ${totals?.blogs}, referrers ${totals?.referrers}`,
);
console.log(
  `counted in memory          ${Math.round(VIEWS / (countedMs / 1000)).toLocaleString('en')} views/s`,
);
console.log(
  `flushes                    ${flushes}, ${(flushMs / Math.max(flushes, 1)).toFixed(1)} ms each on average`,
);
console.log(
  exact ? 'budget: every view landed exactly — met' : 'budget: views lost or doubled — MISSED',
);
process.exitCode = exact ? 0 : 1;
