/**
 * The long-tail page bench (issue 23): server-rendered pages at random addresses on PostgreSQL,
 * right after a start with nothing stored, each paired with a run of the bare Fastify + `pg`
 * yardstick in the same run. For each server it runs (the current build, and any other given):
 *
 * - start to serving: from spawning the server to its first answer, with `stored_pages` empty;
 * - cold cost: pages never read before, one at a time — the server's CPU per page (its main
 *   thread and its render threads together) and the latency of one alone;
 * - long tail: article, blog and list pages at 50 connections, a random address each, with
 *   no warm-up beyond the 2 s every run has (at random addresses too), as a ratio to the
 *   yardstick measured just before;
 * - mixed: the same pages with 10% writes (likes, comments, new breakthroughs) from signed-in
 *   users, then every acknowledged write looked up (mixed-run.ts);
 * - the stored pages' count and size at the end.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/page-tail.ts
 *
 * Options (env): BENCH_SIZE (default 100000, seeded as load.ts does unless already seeded),
 * BENCH_DURATION (default 10), BENCH_CONNECTIONS (default 50), BENCH_DB_PREFIX (default
 * "repolog_bench"), BENCH_COLD (pages per kind for the cold cost, default 200), BENCH_SERVERS:
 * more servers to compare, `label=path/to/server.js` separated by `;` (a build of another commit,
 * say), BENCH_MAIN_THREAD=1 adds this build with PAGE_RENDER_THREADS=0, BENCH_ONLY=cold measures
 * the start and the one-at-a-time costs only.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.js';
import { pageStoreRepository } from '../apps/server/src/pages/page-store.repository.js';
import {
  assertFree,
  cpuTimeUs,
  databaseUrl,
  freshDatabase,
  measure,
  randomInt,
  seededWith,
  serverEnv,
  start,
  stop,
  type Measured,
  waitFor,
  withClient,
} from './kit.js';
import { idRanges, longTailWorkloads } from './long-tail.js';
import { mixedRun } from './mixed-run.js';
import { seedBenchData } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(env.BENCH_SIZE ?? 100_000);
const duration = Number(env.BENCH_DURATION ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const coldCount = Number(env.BENCH_COLD ?? 200);
const name = `${env.BENCH_DB_PREFIX ?? 'repolog_bench'}_${size}`;
const APP_PORT = Number(env.BENCH_PORT ?? 3921);
const BARE_PORT = APP_PORT + 1;
const APP = `http://127.0.0.1:${APP_PORT}`;
const BARE = `http://127.0.0.1:${BARE_PORT}`;
const HTML = { accept: 'text/html,application/xhtml+xml' };

interface Server {
  label: string;
  file: string;
  env?: Record<string, string>;
}
const servers: Server[] = [
  { label: 'this build', file: path.join(here, '../apps/server/dist/server.js') },
  ...(env.BENCH_MAIN_THREAD === '1'
    ? [
        {
          label: 'this build, rendering on the main thread',
          file: path.join(here, '../apps/server/dist/server.js'),
          env: { PAGE_RENDER_THREADS: '0' },
        },
      ]
    : []),
  ...(env.BENCH_SERVERS ?? '')
    .split(';')
    .filter(Boolean)
    .map((spec) => {
      const [label = spec, file = spec] = spec.split('=');
      return { label, file: path.resolve(file) };
    }),
];

let url: string;
if (await seededWith(adminUrl, name, size)) {
  url = databaseUrl(adminUrl, name);
} else {
  url = await freshDatabase(adminUrl, name);
  const database = await openDatabase({ url });
  await seedBenchData(database.db, {
    blogs: Math.max(1000, size / 100),
    articles: size,
    likes: size * 10,
    comments: size * 2,
    users: 2000,
  });
  await database.close();
}
const ids = await idRanges(url);

const fmt = (label: string, m: Measured, ratio?: number) =>
  `  ${label.padEnd(30)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(5)} ms${ratio === undefined ? '' : `  ${ratio.toFixed(2)}×`}${m.cpuUs ? `  cpu ${(m.cpuUs / 1000).toFixed(2)} ms/req` : ''}${m.errors ? `  ${m.errors} non-2xx${m.statuses ? ` (${m.statuses})` : ''}` : ''}`;

/** Distinct random ids in [lo, hi], none of `used`. */
function distinct(lo: number, hi: number, count: number, used: Set<string>, prefix: string) {
  const out: string[] = [];
  while (out.length < Math.min(count, hi - lo + 1 - used.size)) {
    const address = `${prefix}${randomInt(lo, hi)}`;
    if (used.has(address)) continue;
    used.add(address);
    out.push(address);
  }
  return out;
}

/** Pages never read before, one at a time: server CPU per page, and each one's latency. */
async function coldCost(pid: number, addresses: string[]) {
  const latencies: number[] = [];
  const before = cpuTimeUs(pid) ?? 0;
  const mainBefore = cpuTimeUs(pid, pid) ?? 0;
  let failed = 0;
  for (const address of addresses) {
    const started = performance.now();
    const res = await fetch(`${APP}${address}`, { headers: HTML });
    await res.arrayBuffer();
    if (!res.ok) failed += 1;
    latencies.push(performance.now() - started);
  }
  const cpu = ((cpuTimeUs(pid) ?? 0) - before) / addresses.length / 1000;
  const main = ((cpuTimeUs(pid, pid) ?? 0) - mainBefore) / addresses.length / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.floor(p * (latencies.length - 1))] ?? 0;
  return { cpu, main, p50: at(0.5), p99: at(0.99), failed };
}

async function emptyStore(): Promise<void> {
  await withClient(url, (client) => client.query('DELETE FROM stored_pages'));
}

async function storeSize(): Promise<string> {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const { pages, bytes } = await pageStoreRepository(database.db).size();
    return `${pages} pages, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
  } finally {
    await database.close();
  }
}

async function run(server: Server, listPages: number, used: Set<string>): Promise<void> {
  console.log(`\n${server.label} (${path.relative(process.cwd(), server.file)}):`);
  await emptyStore();
  await assertFree(APP);
  const spawned = Date.now();
  const app = start([process.execPath, server.file], {
    ...serverEnv(APP_PORT, APP),
    DATABASE_URL: url,
    ...server.env,
  });
  try {
    await waitFor(`${APP}/api/health`);
    const pid = app.pid ?? 0;
    // On a shared machine the wall time is mostly waiting for a core; its CPU time is steadier.
    console.log(
      `  start to serving: ${((Date.now() - spawned) / 1000).toFixed(1)} s, ${((cpuTimeUs(pid) ?? 0) / 1e6).toFixed(1)} s of CPU`,
    );
    // A few pages of each kind first (the first of a kind loads its code), at other addresses.
    const warm = (prefix: string, lo: number, hi: number, n: number) =>
      distinct(lo, hi, n, used, prefix);
    await coldCost(pid, [
      ...warm('/breakthrough/', ids.articles.lo, ids.articles.hi, 20),
      ...warm('/blog/', ids.blogs.lo, ids.blogs.hi, 10),
      ...warm('/breakthrough?page=', 1, listPages, 20),
    ]);
    const kinds: [string, string[]][] = [
      ['article', warm('/breakthrough/', ids.articles.lo, ids.articles.hi, coldCount)],
      ['blog', warm('/blog/', ids.blogs.lo, ids.blogs.hi, Math.min(coldCount, 100))],
      ['list', warm('/breakthrough?page=', 1, listPages, coldCount)],
    ];
    const line = (label: string, n: number, cost: Awaited<ReturnType<typeof coldCost>>) =>
      `  ${label.padEnd(14)} ${String(n).padStart(3)} pages one at a time: server CPU ${cost.cpu.toFixed(2)} ms/page (main thread ${cost.main.toFixed(2)}), latency p50 ${cost.p50.toFixed(1)} ms, p99 ${cost.p99.toFixed(1)} ms${cost.failed ? `, ${cost.failed} failed` : ''}`;
    for (const [kind, addresses] of kinds) {
      console.log(line(`cold ${kind}`, addresses.length, await coldCost(pid, addresses)));
    }
    // The same breakthroughs again, now stored (past the per-instance second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stored = kinds[0]?.[1] ?? [];
    console.log(line('stored article', stored.length, await coldCost(pid, stored)));
    // What one bare read costs the yardstick's process, for scale on a shared machine.
    const bareCost = await measure(
      BARE,
      () => `/bare/article/${randomInt(ids.articles.lo, ids.articles.hi)}`,
      { connections: 1, duration: 3, pid: bare.pid },
    );
    console.log(
      `  yardstick      one at a time: CPU ${((bareCost.cpuUs ?? 0) / 1000).toFixed(2)} ms/request`,
    );
    if (env.BENCH_ONLY === 'cold') return;
    const workloads = (await longTailWorkloads(APP, ids)).filter((w) => w.kind === 'page');
    for (const workload of workloads) {
      const yardstick = await measure(
        BARE,
        () => `/bare/article/${randomInt(ids.articles.lo, ids.articles.hi)}`,
        { connections, duration, pid: bare.pid },
      );
      console.log(fmt('bare Fastify + pg (yardstick)', yardstick));
      const m = await measure(APP, workload.next, {
        connections,
        duration,
        pid,
        ...(workload.headers ? { headers: workload.headers } : {}),
      });
      console.log(fmt(workload.name, m, m.rps / yardstick.rps));
    }
    const mixed = await mixedRun({
      origin: APP,
      databaseUrl: url,
      ids,
      reads: workloads,
      connections,
      duration,
      writers: 300,
      streams: 0,
      writeShare: 0.1,
    });
    const lost = mixed.lost.likes + mixed.lost.comments + mixed.lost.breakthroughs;
    console.log(
      `  mixed, 10% writes: ${mixed.rps.toFixed(0)} req/s, p50 ${mixed.p50} ms, p99 ${mixed.p99} ms, ${mixed.errors} errors, ${lost} lost writes; ${Object.entries(
        mixed.byKind,
      )
        .map(([kind, k]) => `${kind} p99 ${k.p99} ms`)
        .join(', ')}`,
    );
    console.log(`  stored at the end: ${await storeSize()}`);
  } finally {
    await stop(app);
  }
}

await assertFree(BARE);
const bare = start([process.execPath, '--import', 'tsx', path.join(here, 'bare-server.ts')], {
  PORT: String(BARE_PORT),
  DATABASE_URL: url,
});
try {
  await waitFor(`${BARE}/bare/list`);
  const listPages = Math.ceil(size / 10);
  console.log(
    `${size} breakthroughs, ${connections} connections, ${duration} s per run, pages at random addresses from an empty store`,
  );
  // Addresses the cold-cost runs read: never twice in a run (each starts from an empty store).
  for (const server of servers) await run(server, listPages, new Set());
} finally {
  await stop(bare);
}
