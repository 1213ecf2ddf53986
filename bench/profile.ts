/**
 * Where a cold read spends its CPU: starts the built server under `node --cpu-prof`, runs one
 * long-tail workload against it (a random address per request) or the mixed run ("mixed"),
 * stops it and prints the profile's self time by package and by function. Seeds the database
 * first unless it is already seeded at that size (same names as load.ts).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx bench/profile.ts "article page"
 *
 * Workloads besides the long tail's and "mixed": "search" (`GET /api/search` at random corpus
 * words, as search-load.ts asks) and "search page" (the `/search?q=` HTML page) — profile these
 * on a database search-load.ts seeded (BENCH_DB_PREFIX=repolog_search, its Korean half).
 *
 * Options (env): BENCH_SIZE (default 100000), BENCH_DURATION (default 15), BENCH_CONNECTIONS
 * (default 50), BENCH_DB_PREFIX (default "repolog_bench"), BENCH_PORT (default 3913). The
 * .cpuprofile file is kept (open it in Chrome DevTools or speedscope for the flame graph).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.js';
import {
  databaseUrl,
  freshDatabase,
  measure,
  SECRET,
  seededWith,
  start,
  stop,
  waitFor,
} from './kit.js';
import { idRanges, longTailWorkloads, type Workload } from './long-tail.js';
import { mixedRun } from './mixed-run.js';
import { corpusWords, randomQuery } from './search-load-parts.js';
import { seedBenchData } from './seed.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(env.BENCH_SIZE ?? 100_000);
const duration = Number(env.BENCH_DURATION ?? 15);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const name = `${env.BENCH_DB_PREFIX ?? 'repolog_bench'}_${size}`;
const workloadName = process.argv[2] ?? 'article page';
const PORT = Number(env.BENCH_PORT ?? 3913);
const origin = `http://127.0.0.1:${PORT}`;

/** Which package a frame belongs to: a node_modules package, node itself, or Repolog. */
function owner(url: string): string {
  if (url === '') return '(native / vm)';
  if (url.startsWith('node:')) return 'node core';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.includes('/apps/server/dist/')) return 'repolog (server bundle)';
  return url;
}

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

const profileDir = mkdtempSync(path.join(tmpdir(), 'repolog-profile-'));
const server = start(
  [
    process.execPath,
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
    path.join(here, '../apps/server/dist/server.js'),
  ],
  {
    PORT: String(PORT),
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    GITHUB_CLIENT_ID: 'bench',
    GITHUB_CLIENT_SECRET: 'bench',
    SECRET,
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    // The pages a bench seed's server rendered ahead stay (this run renders none itself).
  },
);
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
  } else if (workload) {
    measured = await measure(origin, workload.next, {
      connections,
      duration,
      ...(workload.headers ? { headers: workload.headers } : {}),
    });
  } else {
    throw new Error(
      `no workload "${workloadName}"; one of: ${workloads.map((w) => w.name).join(', ')}, mixed`,
    );
  }
} finally {
  await stop(server);
}

const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written to ${profileDir}`);
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs.entries()]
  .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
  .reduce((a, [, us]) => a + us, 0);
const busy = total - idle;

const sum = (key: (node: ProfileNode) => string) => {
  const totals = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const k = key(node);
    totals.set(k, (totals.get(k) ?? 0) + us);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
};
const frameName = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${owner(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;

console.log(
  `${workloadName} at ${size} articles: ${measured.rps.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms; the main thread was busy ${((100 * busy) / total).toFixed(0)}% of the time`,
);
console.log('\nSelf time by package (share of busy time):');
for (const [pkg, us] of sum((n) => owner(n.callFrame.url)).slice(0, 15)) {
  console.log(`  ${pct(us)}  ${pkg}`);
}
console.log('\nSelf time by function:');
for (const [fn, us] of sum((n) => frameName(n)).slice(0, 30)) {
  console.log(`  ${pct(us)}  ${fn}`);
}
// Inclusive time: a sample counts for every function on its stack (once per function).
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (!node || node.callFrame.functionName === '(root)') continue;
    seen.add(frameName(node));
  }
  for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + us);
}
console.log('\nInclusive time by function (it and what it called), node core left out:');
for (const [fn, us] of [...inclusive.entries()]
  .filter(([fn]) => !fn.includes('  node core:') && !fn.includes('(native / vm)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 45)) {
  console.log(`  ${pct(us)}  ${fn}`);
}
console.log(`\nprofile: ${path.join(profileDir, file)}`);
