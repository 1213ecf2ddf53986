/**
 * Writers' stats under load (issue 25), at 100,000 breakthroughs on PostgreSQL:
 *
 * - reads with view counting on and off, side by side: the long-tail article page (its HTML,
 *   and its API read) at a random address per request, alone ("off"), and each followed by the
 *   view beacon the page sends (`POST /api/stats/view`, counted in memory and added to the
 *   aggregates every STATS_FLUSH_MS) — the share of the page-read rate kept with counting on;
 * - the dashboards: `GET /api/stats/blogs/{id}?days=365` and `/api/stats/articles/{id}?days=365`
 *   as a member, over blogs and breakthroughs with a year of daily aggregates.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stats-load.ts
 *
 * Options (env): BENCH_SIZE (default 100000; the database load.ts seeds, which must exist:
 * run load.ts or page-tail.ts first), BENCH_DB_PREFIX (default "repolog_bench"),
 * BENCH_DURATION (default 10), BENCH_CONNECTIONS (default 50), BENCH_PORT (default 3931).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  assertFree,
  databaseUrl,
  measure,
  pick,
  randomInt,
  SECRET,
  seededWith,
  signIn,
  start,
  stop,
  waitFor,
  withClient,
} from './kit.js';
import { idRanges } from './long-tail.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(env.BENCH_SIZE ?? 100_000);
const duration = Number(env.BENCH_DURATION ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const name = `${env.BENCH_DB_PREFIX ?? 'repolog_bench'}_${size}`;
const PORT = Number(env.BENCH_PORT ?? 3931);
const APP = `http://127.0.0.1:${PORT}`;
/** A browser's user agent: the counter counts known bots apart. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const DASHBOARD_BLOGS = 20;

if (!(await seededWith(adminUrl, name, size))) {
  throw new Error(`${name} is not seeded with ${size} breakthroughs: run bench/page-tail.ts first`);
}
const url = databaseUrl(adminUrl, name);
const ids = await idRanges(url);

// A year of daily aggregates for the dashboards' blogs and their breakthroughs, and ten days
// for every other breakthrough (what the flushes would have written).
// Kept between runs (filling them takes minutes); BENCH_FRESH_STATS=1 fills them again.
const members = await withClient(url, async (client) => {
  const { rows: blogs } = await client.query<{ id: number; owner_id: number }>(
    'SELECT id, owner_id FROM blogs ORDER BY id LIMIT $1',
    [DASHBOARD_BLOGS],
  );
  const chosen = blogs.map((b) => b.id);
  const { rows: filled } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM blog_stats_daily WHERE blog_id = $1',
    [chosen[0]],
  );
  if (env.BENCH_FRESH_STATS === '1' || (filled[0]?.n ?? 0) < 365) await fillAggregates(chosen);
  const signed = await signIn(
    client,
    blogs.map((b) => b.owner_id),
  );
  const cookieOf = new Map(signed.map((s) => [s.userId, s.cookie]));
  const { rows: articles } = await client.query<{ id: number; blog_id: number }>(
    'SELECT id, blog_id FROM articles WHERE blog_id = ANY($1::int[])',
    [chosen],
  );
  return {
    blogs: blogs.map((b) => ({ id: b.id, cookie: cookieOf.get(b.owner_id) ?? '' })),
    articles: articles.map((a) => ({
      id: a.id,
      cookie: cookieOf.get(blogs.find((b) => b.id === a.blog_id)?.owner_id ?? 0) ?? '',
    })),
  };
});

async function fillAggregates(chosen: number[]): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`TRUNCATE article_stats_daily, blog_stats_daily, article_referrers_daily,
    blog_referrers_daily`);
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
    await client.query('ANALYZE');
  });
}

await assertFree(APP);
const server = start([process.execPath, path.join(here, '../apps/server/dist/server.js')], {
  PORT: String(PORT),
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  GITHUB_CLIENT_ID: 'bench',
  GITHUB_CLIENT_SECRET: 'bench',
  SECRET,
  RATE_LIMIT_PER_MINUTE: '100000000',
  NODE_ENV: 'production',
  PUBLIC_URL: APP,
});

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A page read at a random address, followed (counting on) by its view beacon. */
async function reads(kind: 'page' | 'api', counting: boolean): Promise<Run> {
  const read = (id: number) =>
    kind === 'page' ? `/breakthrough/${id}` : `/api/article/breakthrough/${id}`;
  const headers = { 'user-agent': BROWSER, accept: kind === 'page' ? 'text/html' : '*/*' };
  if (!counting) {
    return measure(APP, () => read(randomInt(ids.articles.lo, ids.articles.hi)), {
      connections,
      duration,
      headers,
    });
  }
  const requests: autocannon.Request[] = [
    {
      setupRequest: (request, context) => {
        const id = randomInt(ids.articles.lo, ids.articles.hi);
        (context as { id?: number }).id = id;
        return { ...request, method: 'GET', path: read(id) };
      },
    },
    {
      setupRequest: (request, context) => ({
        ...request,
        method: 'POST',
        path: '/api/stats/view',
        // A page's own beacon: same origin (POSTs from elsewhere are refused).
        headers: { ...headers, 'content-type': 'application/json', origin: APP },
        body: JSON.stringify({
          articleId: (context as { id?: number }).id,
          referrer: 'https://www.google.com/',
        }),
      }),
    },
  ];
  const once = (seconds: number) =>
    autocannon({ url: APP, connections, duration: seconds, headers, requests });
  await once(2);
  const result = await once(duration);
  // Two requests per page read: the page, then its beacon.
  return {
    rps: result.requests.average / 2,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** The dashboards as their members ask for them. */
async function dashboard(kind: 'blogs' | 'articles'): Promise<Run> {
  const targets = kind === 'blogs' ? members.blogs : members.articles;
  const result = await autocannon({
    url: APP,
    connections: 10,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const target = pick(targets);
          return {
            ...request,
            path: `/api/stats/${kind}/${target.id}?days=365`,
            headers: { ...request.headers, cookie: target.cookie, origin: APP },
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const line = (label: string, r: Run, extra = '') =>
  `  ${label.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} /s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms${r.errors ? `  ${r.errors} non-2xx` : ''}${extra}`;

try {
  await waitFor(`${APP}/api/health`);
  console.log(
    `${size} breakthroughs, ${connections} connections, ${duration} s per run, STATS_FLUSH_MS default`,
  );
  const todayViews = () =>
    withClient(url, async (client) => {
      const { rows } = await client.query<{ n: number }>(
        'SELECT coalesce(sum(views), 0)::int AS n FROM article_stats_daily WHERE day = current_date',
      );
      return rows[0]?.n ?? 0;
    });
  const viewsBefore = await todayViews();
  for (const kind of ['page', 'api'] as const) {
    // Off, on, off, on: a shared machine's load drifts; each pair is compared.
    const kept: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const off = await reads(kind, false);
      const on = await reads(kind, true);
      kept.push(on.rps / off.rps);
      console.log(line(`article ${kind} reads, counting off`, off));
      console.log(line(`article ${kind} reads, each with its view beacon`, on));
    }
    console.log(
      `  → with counting on, ${kind} reads keep ${kept.map((k) => `${(100 * k).toFixed(0)}%`).join(' and ')} of their rate (budget ≥ 90%)`,
    );
  }
  // The last flush (STATS_FLUSH_MS) lands before the count.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  console.log(
    `  views added to today's aggregates during the runs: ${(await todayViews()) - viewsBefore}`,
  );
  for (const kind of ['blogs', 'articles'] as const) {
    const r = await dashboard(kind);
    console.log(line(`dashboard, ${kind}, 365 days (10 connections)`, r, `  (budget p99 < 50 ms)`));
  }
} finally {
  await stop(server);
}
