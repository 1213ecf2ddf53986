/**
 * Writers' stats under load (issue 25), at 100,000 breakthroughs on PostgreSQL:
 *
 * - reads with view counting on and off: the long-tail article page (its HTML, and its API
 *   read) at a random address per request, alone ("off"), and each followed by the view beacon
 *   the page sends (`POST /api/stats/view`, counted in memory and added to the aggregates every
 *   STATS_FLUSH_MS). After a warm-up of both (at random addresses: the page store and the JIT
 *   warm up during the first runs), BENCH_PAIRS pairs in alternating order (off-on, on-off, …)
 *   and the median of their ratios: the share of the page-read rate kept with counting on.
 *   Answers other than 2xx are counted by status and error key;
 * - the dashboards: `GET /api/stats/blogs/{id}?days=365` and `/api/stats/articles/{id}?days=365`
 *   as a member, over random blogs and breakthroughs with a year of daily aggregates, one
 *   request at a time and at 10 connections.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stats-load.ts
 *
 * Options (env): BENCH_SIZE (default 100000; the database load.ts seeds, which must exist:
 * run load.ts or page-tail.ts first), BENCH_DB_PREFIX (default "repolog_bench"),
 * BENCH_DURATION (s per run, default 10), BENCH_PAIRS (default 4), BENCH_CONNECTIONS (page
 * reads, default 50), BENCH_PORT (default 3931), BENCH_PARTS ("reads,dashboards"),
 * BENCH_FRESH_STATS=1 (fill the aggregates again).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  assertFree,
  cpuTimeUs,
  databaseUrl,
  pick,
  randomInt,
  seededWith,
  serverEnv,
} from './kit.js';
import { start, stop, waitFor, withClient } from './kit.js';
import { idRanges } from './long-tail.js';
import { dashboards, monthAddsUp, type Dashboard } from './stats-fill.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(env.BENCH_SIZE ?? 100_000);
const duration = Number(env.BENCH_DURATION ?? 10);
const pairs = Number(env.BENCH_PAIRS ?? 4);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const parts = (env.BENCH_PARTS ?? 'reads,dashboards').split(',');
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

await assertFree(APP);
const server = start([process.execPath, path.join(here, '../apps/server/dist/server.js')], {
  ...serverEnv(PORT, APP),
  DATABASE_URL: url,
});

server.once('exit', (code, signal) => {
  if (!stopping) console.error(`the server exited (${signal ?? code}) during the runs`);
});
let stopping = false;
let members: { blogs: Dashboard[]; articles: Dashboard[] } = { blogs: [], articles: [] };

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time per request (ms): what the load average does not change. */
  cpuMs?: number;
}

/** Answers other than 2xx, by request, status and error key ("GET page 503 pages.busy"). */
const refused = new Map<string, number>();
const tally = (label: string) => (status: number, body: string) => {
  if (status < 300) return;
  let key = body.slice(0, 60);
  try {
    const parsed = (JSON.parse(body) as { key?: unknown }).key;
    if (typeof parsed === 'string') key = parsed;
  } catch {
    // not JSON: the start of the body names it
  }
  const entry = `${label} ${status} ${key}`;
  refused.set(entry, (refused.get(entry) ?? 0) + 1);
};

/** A page read at a random address, followed (counting on) by its view beacon. */
async function reads(kind: 'page' | 'api', counting: boolean, seconds: number): Promise<Run> {
  const read = (id: number) =>
    kind === 'page' ? `/breakthrough/${id}` : `/api/article/breakthrough/${id}`;
  const headers = { 'user-agent': BROWSER, accept: kind === 'page' ? 'text/html' : '*/*' };
  const requests: autocannon.Request[] = [
    {
      setupRequest: (request, context) => {
        const id = randomInt(ids.articles.lo, ids.articles.hi);
        (context as { id?: number }).id = id;
        return { ...request, method: 'GET', path: read(id) };
      },
      onResponse: tally(`GET ${kind}`),
    },
  ];
  if (counting) {
    requests.push({
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
      onResponse: tally('POST view'),
    });
  }
  const result = await autocannon({ url: APP, connections, duration: seconds, headers, requests });
  // With counting on, two requests per page read: the page, then its beacon.
  return {
    rps: result.requests.average / requests.length,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** The dashboards as their members ask for them, at random, `concurrency` at a time. */
async function dashboard(kind: 'blogs' | 'articles', concurrency: number): Promise<Run> {
  const targets: Dashboard[] = kind === 'blogs' ? members.blogs : members.articles;
  const cpuBefore = server.pid === undefined ? undefined : cpuTimeUs(server.pid);
  const result = await autocannon({
    url: APP,
    connections: concurrency,
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
        onResponse: tally(`GET ${kind} dashboard`),
      },
    ],
  });
  const cpuAfter = server.pid === undefined ? undefined : cpuTimeUs(server.pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { cpuMs: (cpuAfter - cpuBefore) / 1000 / result.requests.total }
      : {}),
  };
}

const line = (label: string, r: Run, extra = '') =>
  `  ${label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} /s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms${r.cpuMs === undefined ? '' : `  server CPU ${r.cpuMs.toFixed(1)} ms/req`}${r.errors ? `  ${r.errors} non-2xx` : ''}${extra}`;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const todayViews = () =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      'SELECT coalesce(sum(views), 0)::int AS n FROM article_stats_daily WHERE day = current_date',
    );
    return rows[0]?.n ?? 0;
  });

try {
  await waitFor(`${APP}/api/health`);
  // After the server's start: it brings the schema up to date (the monthly totals).
  members = await dashboards(url, DASHBOARD_BLOGS, env.BENCH_FRESH_STATS === '1');
  console.log(`${size} breakthroughs, ${duration} s per run, STATS_FLUSH_MS default; ${load()}`);
  if (parts.includes('dashboards')) {
    for (const kind of ['blogs', 'articles'] as const) {
      await dashboard(kind, 1); // warm-up: connections, JIT, the aggregates' pages
      for (const concurrency of [1, 10]) {
        const r = await dashboard(kind, concurrency);
        const label = `dashboard, ${kind}, 365 days, ${concurrency === 1 ? 'one at a time' : '10 connections'}`;
        console.log(line(label, r, '  (budget p99 < 50 ms)'));
      }
    }
    console.log(`  ${load()}`);
  }
  if (parts.includes('reads')) {
    const viewsBefore = await todayViews();
    console.log(`  page reads at ${connections} connections`);
    for (const kind of ['page', 'api'] as const) {
      await reads(kind, false, duration);
      await reads(kind, true, duration);
      const kept: number[] = [];
      for (let pair = 0; pair < pairs; pair += 1) {
        // Off-on, then on-off: a drift (the page store filling, the load) falls on both sides.
        const order = pair % 2 === 0 ? [false, true] : [true, false];
        const runs = new Map<boolean, Run>();
        for (const counting of order) runs.set(counting, await reads(kind, counting, duration));
        const off = runs.get(false) as Run;
        const on = runs.get(true) as Run;
        kept.push(on.rps / off.rps);
        console.log(line(`${kind} reads, counting off (pair ${pair + 1})`, off));
        console.log(line(`${kind} reads with the view beacon (pair ${pair + 1})`, on));
      }
      const shares = kept.map((k) => `${(100 * k).toFixed(0)}%`).join(', ');
      console.log(
        `  → with counting on, ${kind} reads keep a median ${(100 * median(kept)).toFixed(0)}% of their rate (pairs: ${shares}; budget ≥ 90%)`,
      );
    }
    // The last flush (STATS_FLUSH_MS) lands before the count.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    console.log(`  views added to today's aggregates: ${(await todayViews()) - viewsBefore}`);
    console.log(`  this month's monthly totals equal its daily rows: ${await monthAddsUp(url)}`);
    console.log(`  ${load()}`);
  }
  for (const [entry, n] of refused) console.log(`  non-2xx: ${n} × ${entry}`);
} finally {
  stopping = true;
  await stop(server);
}
