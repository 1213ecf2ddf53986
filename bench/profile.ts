/**
 * Where a cold read spends its CPU: starts the built server under `node --cpu-prof` (its main
 * thread and every worker thread, the page render pool's too, each write a profile), runs one
 * long-tail workload against it (a random address per request) or the mixed run ("mixed"),
 * stops it and prints self time by package and by function, and inclusive time, for the main
 * thread and the worker threads apart, in ms per request: for the first seconds after the start
 * (`BENCH_FIRST` s, no warm-up) and for the steady state after a warm-up. Seeds the database
 * first unless it is already seeded at that size (same names as load.ts).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx bench/profile.ts "SSR article page"
 *
 * Workloads besides the long tail's and "mixed": "search" (`GET /api/search` at random corpus
 * words, as search-load.ts asks) and "search page" (the `/search?q=` HTML page) — profile these
 * on a database search-load.ts seeded (BENCH_DB_PREFIX=repolog_search, its Korean half).
 *
 * Options (env): BENCH_SIZE (default 100000), BENCH_DURATION (steady state, default 15),
 * BENCH_FIRST (default 5; 0: none), BENCH_CONNECTIONS (default 50), BENCH_DB_PREFIX (default
 * "repolog_bench"), BENCH_PORT (default 3913), BENCH_ENCODING (an Accept-Encoding to send, as
 * a browser does; default none), BENCH_EMPTY_STORE=1 (delete the stored pages first),
 * BENCH_STORED=n (n fixed addresses read over and over: rendered once, then read stored). The
 * .cpuprofile files are kept (Chrome DevTools or speedscope show the flame graph).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.js';
import { monotonicUs, printProfiles, type Window } from './cpu-profile.js';
import {
  cpuTimeUs,
  databaseUrl,
  freshDatabase,
  measure,
  seededWith,
  serverEnv,
  start,
  stop,
  waitFor,
  withClient,
} from './kit.js';
import { idRanges, longTailWorkloads, type Workload } from './long-tail.js';
import { mixedRun } from './mixed-run.js';
import { corpusWords, randomQuery } from './search-load-parts.js';
import { seedBenchData } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(env.BENCH_SIZE ?? 100_000);
const duration = Number(env.BENCH_DURATION ?? 15);
const first = Number(env.BENCH_FIRST ?? 5);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const name = `${env.BENCH_DB_PREFIX ?? 'repolog_bench'}_${size}`;
const workloadName = process.argv[2] ?? 'article page';
const PORT = Number(env.BENCH_PORT ?? 3913);
const origin = `http://127.0.0.1:${PORT}`;

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

if (env.BENCH_EMPTY_STORE === '1') {
  await withClient(url, (client) => client.query('DELETE FROM stored_pages'));
}

const profileDir = mkdtempSync(path.join(tmpdir(), 'repolog-profile-'));
const server = start(
  [
    process.execPath,
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
    path.join(here, '../apps/server/dist/server.js'),
  ],
  {
    ...serverEnv(PORT, origin),
    DATABASE_URL: url,
  },
);
const windows: Window[] = [];
let measured;
try {
  await waitFor(`${origin}/api/health`);
  const ids = await idRanges(url);
  const words = workloadName.startsWith('search') ? await corpusWords(url) : undefined;
  const searches: Workload[] = words
    ? [
        { name: 'search', kind: 'list', next: () => randomQuery(words) },
        {
          name: 'search page',
          kind: 'page',
          next: () => randomQuery(words, '/search'),
          headers: { accept: 'text/html,application/xhtml+xml' },
        },
      ]
    : [];
  const workloads = [...searches, ...(await longTailWorkloads(origin, ids))];
  const workload = workloads.find((w) => w.name === workloadName);
  if (workloadName === 'mixed') {
    const from = monotonicUs();
    measured = await mixedRun({
      origin,
      databaseUrl: url,
      ids,
      reads: workloads,
      connections,
      duration,
      writers: 300,
      streams: 100,
    });
    windows.push({ label: 'mixed', from, to: monotonicUs(), requests: 0 });
  } else if (workload) {
    const headers = {
      ...workload.headers,
      ...(env.BENCH_ENCODING ? { 'accept-encoding': env.BENCH_ENCODING } : {}),
    };
    // BENCH_STORED=n: the same n addresses over and over (the first reads render and store
    // them, the later ones read them stored).
    const stored = Number(env.BENCH_STORED ?? 0);
    const fixed = Array.from({ length: stored }, () => workload.next());
    let turn = 0;
    const next = stored > 0 ? () => fixed[turn++ % stored] ?? '/' : workload.next;
    const pid = server.pid ?? 0;
    const run = async (label: string, seconds: number) => {
      const from = monotonicUs();
      const [cpu, main] = [cpuTimeUs(pid) ?? 0, cpuTimeUs(pid, pid) ?? 0];
      const m = await measure(origin, next, { connections, duration: seconds, headers, warmup: 0 });
      windows.push({ label, from, to: monotonicUs(), requests: m.requests });
      const per = (before: number, thread?: number) =>
        (((cpuTimeUs(pid, thread) ?? 0) - before) / 1000 / Math.max(1, m.requests)).toFixed(2);
      console.log(
        `${label}: ${m.requests} requests, ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.errors ? `, ${m.errors} errors` : ''}; server CPU ${per(cpu)} ms/req (main thread ${per(main, pid)})`,
      );
      return m;
    };
    if (first > 0) await run(`first ${first} s after the start`, first);
    await measure(origin, next, { connections, duration: 2, headers, warmup: 0 });
    measured = await run('steady state', duration);
  } else {
    throw new Error(
      `no workload "${workloadName}"; one of: ${workloads.map((w) => w.name).join(', ')}, mixed`,
    );
  }
} finally {
  await stop(server);
}

console.log(
  `${workloadName} at ${size} articles: ${measured.rps.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms`,
);
printProfiles(profileDir, windows);
