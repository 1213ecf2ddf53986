/**
 * Load benchmark (DESIGN.md §6). For each size it seeds PostgreSQL (1,000 blogs — one per 100
 * articles past 100k — 10 likes and 2 comments per article), starts the built Repolog server
 * and the yardstick server (bare-server.ts), and measures with autocannon:
 *
 * - hot: every hot read at one popular address (the per-instance caches answer), as a ratio to
 *   a bare Fastify list route;
 * - long tail: a random address per request — article page, comments, blog page, list pages,
 *   search, language filter — the cold ones as a ratio to a bare Fastify + `pg` prepared
 *   primary-key join of the same article;
 * - mixed: 90% long-tail reads and 10% writes from many signed-in users with notification
 *   streams open, then a check that no acknowledged write was lost.
 *
 * It prints the figures and the budgets they meet or miss; it never asserts (machines are
 * noisy). Needs `npm run build` and PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/load.ts
 *
 * Options (env): BENCH_SIZES (default "10000,100000"), BENCH_1M=1 (adds 1,000,000 articles),
 * BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (default 50), BENCH_ONLY
 * (any of "hot,tail,mixed"), BENCH_DB_PREFIX (database names, default "repolog_bench"),
 * BENCH_REUSE=1 (keep a database already seeded at that size), BENCH_WRITERS (signed-in users
 * of the mixed run, default 300), BENCH_STREAMS (of them with a stream open, default 100),
 * BENCH_WRITE_SHARE (of the mixed run's requests, default 0.1). The runs start right after the
 * server does: no page is rendered ahead, each is rendered on its first read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.js';
import { pageStoreRepository } from '../apps/server/src/pages/page-store.repository.js';
import {
  databaseUrl,
  freshDatabase,
  measure,
  randomInt,
  seededWith,
  serverEnv,
  signIn,
  start,
  stop,
  waitFor,
  withClient,
} from './kit.js';
import { idRanges, longTailWorkloads } from './long-tail.js';
import { fmt, printBudgets, type MixedRow, type Row } from './load-report.js';
import { mixedRun } from './mixed-run.js';
import { seedBenchData } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(env.BENCH_DURATION ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const sizes = [
  ...(env.BENCH_SIZES ?? '10000,100000').split(',').map(Number),
  ...(env.BENCH_1M === '1' ? [1_000_000] : []),
];
const only = new Set((env.BENCH_ONLY ?? 'hot,tail,mixed').split(','));
const prefix = env.BENCH_DB_PREFIX ?? 'repolog_bench';
const APP_PORT = 3911;
const BARE_PORT = 3912;
const APP = `http://127.0.0.1:${APP_PORT}`;
const BARE = `http://127.0.0.1:${BARE_PORT}`;

const rows: Row[] = [];
const mixed: MixedRow[] = [];

interface Pids {
  app: number | undefined;
  bare: number | undefined;
}

async function seeded(size: number): Promise<string> {
  const name = `${prefix}_${size}`;
  if (env.BENCH_REUSE === '1' && (await seededWith(adminUrl, name, size))) {
    console.log(`reusing ${name}`);
    return databaseUrl(adminUrl, name);
  }
  const url = await freshDatabase(adminUrl, name);
  const database = await openDatabase({ url });
  const started = Date.now();
  await seedBenchData(database.db, {
    blogs: Math.max(1000, size / 100),
    articles: size,
    likes: size * 10,
    comments: size * 2,
    users: 2000,
  });
  await database.close();
  console.log(`seeded ${size} articles in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return url;
}

async function hot(size: number, url: string): Promise<void> {
  const { articleId, blogId, cookie } = await withClient(url, async (client) => {
    const { rows: top } = await client.query<{ id: number; blog_id: number }>(
      'SELECT id, blog_id FROM articles ORDER BY like_count DESC, id LIMIT 1',
    );
    const { rows: users } = await client.query<{ id: number }>(
      'SELECT id FROM users ORDER BY id DESC LIMIT 1',
    );
    const [reader] = await signIn(
      client,
      users.map((u) => u.id),
    );
    if (!top[0] || !reader) throw new Error('nothing seeded');
    return { articleId: top[0].id, blogId: top[0].blog_id, cookie: reader.cookie };
  });
  const endpoints: [string, string, string, Record<string, string>?][] = [
    ['bare Fastify list (yardstick)', BARE, '/bare/list'],
    ['home: top breakthroughs', APP, '/api/home/article'],
    ['home: top blogs', APP, '/api/home/blog'],
    ['breakthrough list, page 1', APP, '/api/article/breakthrough?page=1&size=10'],
    [
      'breakthrough list, deep page',
      APP,
      `/api/article/breakthrough?page=${Math.floor(size / 20)}&size=10`,
    ],
    ['search by title or blog name', APP, '/api/article/breakthrough?page=1&size=10&q=pool'],
    ['language filter', APP, '/api/article/breakthrough?page=1&size=10&lang=python'],
    ['article page', APP, `/api/article/breakthrough/${articleId}`],
    ['comments of an article', APP, `/api/comment/comments/${articleId}`],
    ['blog page', APP, `/api/blog/non-member/${blogId}`],
    ['signed in: home top', APP, '/api/home/article', { cookie }],
    ['signed in: article page', APP, `/api/article/breakthrough/${articleId}`, { cookie }],
    ['signed in: comments', APP, `/api/comment/comments/${articleId}`, { cookie }],
    ['signed in: blog page', APP, `/api/blog/${blogId}`, { cookie }],
  ];
  let bare = 0;
  for (const [name, origin, target, headers] of endpoints) {
    const m = await measure(origin, target, {
      connections,
      duration,
      ...(headers ? { headers } : {}),
    });
    if (origin === BARE) bare = m.rps;
    const row: Row = { size, section: 'hot', name, ...m, ratio: bare ? m.rps / bare : 1 };
    rows.push(row);
    console.log(fmt(row));
  }
}

/**
 * Each long-tail workload right after its own yardstick run, so the ratio compares two runs a
 * few seconds apart (a shared machine's load drifts more than that over a whole section).
 */
async function tail(size: number, url: string, pids: Pids): Promise<void> {
  const ids = await idRanges(url);
  for (const workload of await longTailWorkloads(APP, ids)) {
    const yardstick = await measure(
      BARE,
      () => `/bare/article/${randomInt(ids.articles.lo, ids.articles.hi)}`,
      { connections, duration, pid: pids.bare },
    );
    const paired: Row = {
      size,
      section: 'tail',
      name: '  bare Fastify + pg join (yardstick)',
      kind: 'yardstick',
      ...yardstick,
      ratio: 1,
    };
    rows.push(paired);
    console.log(fmt(paired));
    const m = await measure(APP, workload.next, {
      connections,
      duration,
      pid: pids.app,
      ...(workload.headers ? { headers: workload.headers } : {}),
    });
    const row: Row = {
      size,
      section: 'tail',
      name: workload.name,
      kind: workload.kind,
      ...m,
      ratio: m.rps / yardstick.rps,
      ...(m.cpuUs && yardstick.cpuUs ? { cpuRatio: yardstick.cpuUs / m.cpuUs } : {}),
    };
    rows.push(row);
    console.log(fmt(row));
  }
}

async function mixedSection(size: number, url: string): Promise<void> {
  const ids = await idRanges(url);
  const result = await mixedRun({
    origin: APP,
    databaseUrl: url,
    ids,
    reads: await longTailWorkloads(APP, ids),
    connections,
    duration,
    writers: Number(env.BENCH_WRITERS ?? 300),
    streams: Number(env.BENCH_STREAMS ?? 100),
    writeShare: Number(env.BENCH_WRITE_SHARE ?? 0.1),
  });
  mixed.push({ size, result });
  const { writes, lost, streams } = result;
  console.log(
    `${String(size).padStart(7)}  mixed 90/10 ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ${result.errors} errors  statuses ${JSON.stringify(result.statuses)}`,
  );
  console.log(
    `         writes acknowledged: ${writes.likes} likes, ${writes.comments} comments, ${writes.breakthroughs} breakthroughs; lost: ${lost.likes + lost.comments + lost.breakthroughs} (likes ${lost.likes}, comments ${lost.comments}, breakthroughs ${lost.breakthroughs}); posted without HTML: ${lost.unrendered}; like counters off: ${result.likeCountsOff}`,
  );
  console.log(
    `         notification streams: ${streams.opened} opened, ${streams.stillOpen} open at the end; ${streams.notices} notices pushed of ${streams.written} written for their users`,
  );
  console.log(
    `         by kind: ${Object.entries(result.byKind)
      .map(([kind, k]) => `${kind} ${k.count} (p50 ${k.p50} ms, p99 ${k.p99} ms)`)
      .join(', ')}`,
  );
}

/** How many pages the server has stored, and their size (bounded by PAGE_STORE_PAGES / _MB). */
async function storedPages(url: string): Promise<void> {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const { pages, bytes } = await pageStoreRepository(database.db).size();
    console.log(`  stored pages: ${pages} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
  } finally {
    await database.close();
  }
}

for (const size of sizes) {
  const url = await seeded(size);
  const bare = start([process.execPath, '--import', 'tsx', path.join(here, 'bare-server.ts')], {
    PORT: String(BARE_PORT),
    DATABASE_URL: url,
  });
  const server = start([process.execPath, path.join(here, '../apps/server/dist/server.js')], {
    ...serverEnv(APP_PORT, APP),
    DATABASE_URL: url,
  });
  try {
    await waitFor(`${BARE}/bare/list`);
    await waitFor(`${APP}/api/health`);
    if (only.has('hot')) await hot(size, url);
    if (only.has('tail')) {
      await tail(size, url, { app: server.pid, bare: bare.pid });
      await storedPages(url);
    }
    if (only.has('mixed')) await mixedSection(size, url);
  } finally {
    await Promise.all([stop(server), stop(bare)]);
  }
}

printBudgets(sizes, rows, mixed);

const out = path.join(here, 'results');
mkdirSync(out, { recursive: true });
const file = path.join(out, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ connections, duration, rows, mixed }, null, 2));
console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
