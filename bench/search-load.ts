/**
 * Full-text search at scale (issue 21's budgets), on PostgreSQL with breakthroughs written in
 * English and Korean (half each, seed.ts's Korean share), at each size:
 *
 * 1. indexing: the built server starts on a database whose search index was emptied, and its
 *    background pass indexes every breakthrough — time, rows/s, the server's CPU per document,
 *    and the index's size (budget: 100k in under 10 minutes);
 * 2. `GET /api/search` at random queries drawn from the corpus's own words (one or two, Korean
 *    or English, page 1–3), right after the bare Fastify + `pg` yardstick (budget: p99 < 30 ms;
 *    the largest size's cost per request within 2× the smallest's);
 * 3. the `/search?q=` page as a browser asks for it (HTML rendered on the server; p99 < 40 ms);
 * 4. writing a breakthrough (`POST /api/article`, the body rendered and analyzed on the render
 *    pool), and the analyzer alone over the corpus's documents (budget: analysis adds ≤ 20 ms);
 * 5. on embedded PGlite at BENCH_PGLITE breakthroughs: `/api/search` p99 (budget < 60 ms).
 *
 *   npm run build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/search-load.ts
 *
 * Options (env): BENCH_SIZES (default "10000,100000"), BENCH_DURATION (10 s per run, each after
 * a 2 s warm-up), BENCH_CONNECTIONS (50), BENCH_WRITE_CONNECTIONS (10), BENCH_DB_PREFIX
 * ("repolog_search": databases `<prefix>_<size>`), BENCH_REUSE ("1": a database already
 * seeded at that size with the Korean share is kept; "0" seeds it again), BENCH_PGLITE (10000;
 * 0 leaves PGlite out), BENCH_INDEX_TIMEOUT (minutes to wait for the index, default 30),
 * BENCH_PORT (3941; the yardstick takes the next port).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.js';
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
} from './kit.js';
import {
  analysisTime,
  corpusWords,
  forIndexing,
  hasKorean,
  indexSize,
  KOREAN_SHARE,
  randomQuery,
  seedPglite,
  seedSizes,
  waitIndexed,
  writeRun,
  type Words,
} from './search-load-parts.js';
import { seedBenchData } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverFile = path.join(here, '../apps/server/dist/server.js');
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sizes = (env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const duration = Number(env.BENCH_DURATION ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const writeConnections = Number(env.BENCH_WRITE_CONNECTIONS ?? 10);
const prefix = env.BENCH_DB_PREFIX ?? 'repolog_search';
const reuse = env.BENCH_REUSE !== '0';
const pgliteSize = Number(env.BENCH_PGLITE ?? 10_000);
const indexTimeoutMs = Number(env.BENCH_INDEX_TIMEOUT ?? 30) * 60_000;
const APP_PORT = Number(env.BENCH_PORT ?? 3941);
const APP = `http://127.0.0.1:${APP_PORT}`;
const BARE = `http://127.0.0.1:${APP_PORT + 1}`;
const HTML = { accept: 'text/html,application/xhtml+xml' };

const fmt = (label: string, m: Measured, ratio?: number) =>
  `  ${label.padEnd(34)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(5)} ms${ratio === undefined ? '' : `  ${ratio.toFixed(2)}× yardstick`}${m.cpuUs ? `  cpu ${(m.cpuUs / 1000).toFixed(2)} ms/req` : ''}${m.errors ? `  ${m.errors} non-2xx` : ''}`;

const budgets: string[] = [];
/** One line per budget, met or missed with the figure (printed again at the end). */
function budget(name: string, met: boolean, figure: string): void {
  const line = `  budget ${name}: ${met ? 'met' : 'MISSED'} (${figure})`;
  budgets.push(line);
  console.log(line);
}

function startServer(extra: Record<string, string>) {
  return start([process.execPath, serverFile], {
    ...serverEnv(APP_PORT, APP),
    ...extra,
  });
}

/** A database of `size` breakthroughs with the Korean share: kept when already seeded. */
async function database(size: number): Promise<string> {
  const name = `${prefix}_${size}`;
  const url = databaseUrl(adminUrl, name);
  if (reuse && (await seededWith(adminUrl, name, size)) && (await hasKorean(url))) {
    console.log(`  ${name}: already seeded, kept`);
    return url;
  }
  await freshDatabase(adminUrl, name);
  const db = await openDatabase({ url });
  const started = performance.now();
  try {
    await seedBenchData(db.db, seedSizes(size), { korean: KOREAN_SHARE });
  } finally {
    await db.close();
  }
  console.log(`  ${name}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return url;
}

interface SizeResult {
  size: number;
  api: Measured;
  yardstick: Measured;
}

/** An API (or page) run right after a run of the yardstick; prints both lines. */
async function againstYardstick(
  label: string,
  next: () => string,
  pid: number,
  barePid: number,
  articleIds: { lo: number; hi: number },
  headers?: Record<string, string>,
) {
  const yardstick = await measure(
    BARE,
    () => `/bare/article/${randomInt(articleIds.lo, articleIds.hi)}`,
    { connections, duration, pid: barePid },
  );
  console.log(fmt('bare Fastify + pg (yardstick)', yardstick));
  const m = await measure(APP, next, {
    connections,
    duration,
    pid,
    ...(headers ? { headers } : {}),
  });
  console.log(fmt(label, m, m.rps / yardstick.rps));
  return { m, yardstick };
}

async function runSize(size: number): Promise<SizeResult> {
  console.log(`\n${size} breakthroughs (${KOREAN_SHARE * 100}% Korean), PostgreSQL:`);
  const url = await database(size);
  const { total, ids: articleIds } = await forIndexing(url);
  const words: Words = await corpusWords(url);
  console.log(`  query words: ${words.ko.length} Korean, ${words.en.length} English`);
  await assertFree(APP);
  await assertFree(BARE);
  const bare = start([process.execPath, '--import', 'tsx', path.join(here, 'bare-server.ts')], {
    PORT: String(APP_PORT + 1),
    DATABASE_URL: url,
  });
  const spawned = Date.now();
  const app = startServer({ DATABASE_URL: url });
  try {
    await waitFor(`${APP}/api/health`);
    const serving = (Date.now() - spawned) / 1000;
    const pid = app.pid ?? 0;
    const done = await waitIndexed(url, total, indexTimeoutMs);
    const seconds = ((done ?? Date.now()) - spawned) / 1000;
    const cpuMs = (cpuTimeUs(pid) ?? 0) / 1000;
    // The pass starts when the app is ready, just before it serves: the rate is from then.
    const rate = total / Math.max(0.001, seconds - serving);
    const sized = await indexSize(url);
    console.log(
      `  indexing ${total} breakthroughs: ${done ? '' : 'NOT DONE after '}${seconds.toFixed(1)} s from the server's spawn (serving after ${serving.toFixed(1)} s), ${rate.toFixed(0)} rows/s from serving, server CPU ${(cpuMs / total).toFixed(2)} ms/row (start included)`,
    );
    console.log(
      `  index size: ${sized.total.toFixed(1)} MB in all (table ${sized.heap.toFixed(1)} MB, GIN ${sized.gin.toFixed(1)} MB, the rest TOAST and the key and version indexes)`,
    );
    const projected = 100_000 / rate;
    budget(
      'indexing 100k < 10 min',
      done !== undefined && projected < 600,
      `${size === 100_000 ? 'measured' : 'projected from this size'} ${(projected / 60).toFixed(1)} min`,
    );

    await waitFor(`${BARE}/bare/list`);
    const barePid = bare.pid ?? 0;
    const api = await againstYardstick(
      'GET /api/search, random queries',
      () => randomQuery(words),
      pid,
      barePid,
      articleIds,
    );
    budget('/api/search p99 < 30 ms', api.m.p99 < 30, `p99 ${api.m.p99} ms at ${size}`);
    const page = await againstYardstick(
      'HTML /search?q=, random queries',
      () => randomQuery(words, '/search'),
      pid,
      barePid,
      articleIds,
      HTML,
    );
    budget('/search page p99 < 40 ms', page.m.p99 < 40, `p99 ${page.m.p99} ms at ${size}`);

    const analysis = await analysisTime(url, 2000);
    const a = analysis.analysis;
    const r = analysis.render;
    console.log(
      `  analyzer alone (${analysis.documents} corpus documents, this thread): mean ${a.mean.toFixed(2)} ms, p50 ${a.p50.toFixed(2)}, p99 ${a.p99.toFixed(2)}, max ${a.max.toFixed(2)} ms/doc; rendering the same bodies: mean ${r.mean.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`,
    );
    const writes = await writeRun({
      origin: APP,
      url,
      pid,
      connections: writeConnections,
      duration,
    });
    console.log(
      `  POST /api/article (${writeConnections} connections): ${writes.rps.toFixed(0)} req/s  p50 ${writes.p50} ms  p99 ${writes.p99} ms  server CPU ${writes.cpuMs.toFixed(2)} ms/write (render threads included)${writes.errors ? `  ${writes.errors} non-2xx` : ''}`,
    );
    budget(
      'analysis adds ≤ 20 ms to a write',
      a.p99 <= 20,
      `analyzer p99 ${a.p99.toFixed(2)} ms/doc, max ${a.max.toFixed(2)} ms, beside a write p99 of ${writes.p99} ms`,
    );
    return { size, api: api.m, yardstick: api.yardstick };
  } finally {
    await stop(app);
    await stop(bare);
  }
}

/** The built server on an embedded PGlite directory, seeded and indexed here first. */
async function runPglite(size: number): Promise<void> {
  console.log(`\n${size} breakthroughs (${KOREAN_SHARE * 100}% Korean), embedded PGlite:`);
  const dataDir = path.join(tmpdir(), `${prefix}_pglite_${size}`);
  const started = performance.now();
  const { seconds: indexSeconds, words } = await seedPglite(dataDir, size);
  console.log(
    `  seeded and indexed in ${((performance.now() - started) / 1000).toFixed(0)} s; the index pass (in this process) ${indexSeconds.toFixed(1)} s, ${(size / indexSeconds).toFixed(0)} rows/s`,
  );
  await assertFree(APP);
  const app = startServer({ DATA_DIR: dataDir });
  try {
    await waitFor(`${APP}/api/health`);
    const m = await measure(APP, () => randomQuery(words), { connections, duration, pid: app.pid });
    console.log(fmt('GET /api/search, random queries', m));
    // Requests that failed or timed out (autocannon's 10 s) are no latency: not met.
    const met = m.p99 < 60 && m.rps > 0 && !m.errors;
    budget(
      'PGlite /api/search p99 < 60 ms',
      met,
      `p99 ${m.p99} ms, ${m.errors ?? 0} non-2xx at ${size}`,
    );
  } finally {
    await stop(app);
  }
}

console.log(
  `search at scale: ${connections} connections (writes ${writeConnections}), ${duration} s per run`,
);
const results: SizeResult[] = [];
for (const size of sizes) results.push(await runSize(size));
const smallest = results[0];
const largest = results.at(-1);
if (smallest && largest && largest !== smallest) {
  const cpu =
    smallest.api.cpuUs && largest.api.cpuUs ? largest.api.cpuUs / smallest.api.cpuUs : undefined;
  const relative = (r: SizeResult) => r.yardstick.rps / r.api.rps;
  const throughput = relative(largest) / relative(smallest);
  console.log(
    `\n${largest.size}/${smallest.size} cost per /api/search request: server CPU ${cpu?.toFixed(2) ?? '?'}×, throughput relative to the yardstick ${throughput.toFixed(2)}×`,
  );
  const ratio = cpu ?? throughput;
  budget(
    `/api/search ${largest.size}/${smallest.size} cost < 2×`,
    ratio < 2,
    `${ratio.toFixed(2)}× by ${cpu ? 'server CPU' : 'throughput'}`,
  );
}
if (pgliteSize > 0) await runPglite(pgliteSize);
console.log(`\nbudgets:\n${budgets.join('\n')}`);
