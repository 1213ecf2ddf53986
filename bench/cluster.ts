/**
 * The cluster run (issue 26): 1, 2 and 4 Repolog instances behind HAProxy (Debian's package,
 * installed with apt-get when missing) on one PostgreSQL and one Redis. For each size it runs
 * the mixed load (bench/mixed-run.ts: 90% long-tail reads, 10% writes, notification streams)
 * and prints throughput and p99, beside a bare Fastify route measured in the same run. Then,
 * on 4 instances, the same load plus 20 live co-editors while one instance is killed with
 * SIGKILL and started again: acknowledged writes lost, notifications pushed twice, co-editors
 * converged, a route's rate limit across the cluster, streams and editors reconnected.
 * With every engine on by default: a streaming replica of a PostgreSQL primary of its own
 * (scripts/pg-replica.sh, DATABASE_READ_URL) and an S3-compatible media store (s3rver).
 * Asserts nothing. Needs `npm run build -w @repolog/server`, PostgreSQL and Redis:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster.ts
 *
 * Options (env): BENCH_ARTICLES (default 10000), BENCH_DURATION seconds per run (default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_INSTANCES (default "1,2,4"), BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379), BENCH_REUSE=1 (keep a seeded repolog_cluster database; only without
 * the replica), BENCH_REPLICA=0 (one PostgreSQL at BENCH_DATABASE_URL, no replica), BENCH_S3=0
 * (media in PostgreSQL), BENCH_CONVERGE_S (how long co-editors may take to converge, default 120).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.js';
import {
  clusterEnv,
  haproxyBinary,
  startBalancer,
  startInstance as startBuilt,
  stopped as killed,
} from '../apps/server/src/test/cluster.js';
import { startReplicaPair, type ReplicaPair } from '../apps/server/src/test/pg-replica.js';
import { startTestS3, type TestS3 } from '../apps/server/src/test/s3.js';
import { coEditors } from './cluster-editors.js';
import {
  databaseUrl,
  freshDatabase,
  measure,
  seededWith,
  serverEnv,
  start,
  waitFor,
} from './kit.js';
import { idRanges, longTailWorkloads } from './long-tail.js';
import { mixedRun, type MixedResult } from './mixed-run.js';
import { seedBenchData } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const withReplica = env.BENCH_REPLICA !== '0';
const withS3 = env.BENCH_S3 !== '0';
const convergeMs = Number(env.BENCH_CONVERGE_S ?? 120) * 1000;
const articles = Number(env.BENCH_ARTICLES ?? 10_000);
const duration = Number(env.BENCH_DURATION ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const sizes = (env.BENCH_INSTANCES ?? '1,2,4').split(',').map(Number);
const redisUrl = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LB_PORT = 3930;
const LB = `http://127.0.0.1:${LB_PORT}`;
const BARE_PORT = 3929;
const portOf = (n: number) => 3931 + n;

/** The primary (and the replica) every instance uses; a pair of its own with the replica on. */
const replica: ReplicaPair | undefined = withReplica ? await startReplicaPair() : undefined;
const s3: TestS3 | undefined = withS3 ? await startTestS3() : undefined;
const adminUrl =
  replica?.primaryUrl ?? env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'repolog_cluster';

async function seeded(): Promise<string> {
  const name = DATABASE;
  if (env.BENCH_REUSE === '1' && (await seededWith(adminUrl, name, articles))) {
    return databaseUrl(adminUrl, name);
  }
  const url = await freshDatabase(adminUrl, name);
  const database = await openDatabase({ url });
  await seedBenchData(database.db, {
    blogs: 1000,
    articles,
    likes: articles * 10,
    comments: articles * 2,
    users: 2000,
  });
  await database.close();
  return url;
}

const prefix = `repolog-bench-${randomBytes(4).toString('hex')}:`;
const instanceEnv = (url: string, n: number): Record<string, string> => ({
  ...serverEnv(portOf(n), LB),
  ...clusterEnv({
    databaseUrl: url,
    readUrl: replica && databaseUrl(replica.replicaUrl, DATABASE),
    redis: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix },
    s3: s3?.env(),
  }),
});

/** Everything this run started, killed however it ends. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

async function startInstance(url: string, n: number): Promise<ChildProcess> {
  const server = await startBuilt(instanceEnv(url, n));
  children.add(server);
  return server;
}

async function startHaproxy(bin: string, count: number): Promise<ChildProcess> {
  const ports = Array.from({ length: count }, (_, n) => portOf(n));
  const lb = await startBalancer(bin, LB_PORT, ports);
  children.add(lb);
  return lb;
}

const line = (label: string, r: MixedResult, bareRps?: number) =>
  console.log(
    `${label.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} req/s${bareRps ? ` (${(r.rps / bareRps).toFixed(3)}× bare ${bareRps.toFixed(0)})` : ''}  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  lost ${Object.values(r.lost).reduce((a, b) => a + b, 0)}  notices ${r.streams.notices}/${r.streams.written} (duplicates ${r.streams.duplicates}, reconnects ${r.streams.reconnects})`,
  );

const haproxy = haproxyBinary();
const url = await seeded();
const ids = await idRanges(url);
let reads: Awaited<ReturnType<typeof longTailWorkloads>> | undefined;
const bare = start([process.execPath, '--import', 'tsx', path.join(here, 'bare-server.ts')], {
  PORT: String(BARE_PORT),
  DATABASE_URL: url,
});
children.add(bare);
await waitFor(`http://127.0.0.1:${BARE_PORT}/bare/list`);
const loadOf = async () => {
  // The long-tail reads learn the list pages from the running cluster.
  reads ??= await longTailWorkloads(LB, ids);
  return { databaseUrl: url, ids, reads, connections, duration, writers: 300, streams: 100 };
};
console.log(
  `cluster run: ${articles} articles, ${connections} connections, ${duration} s per run, ${cpus().length} cores; Redis ${redisUrl} (prefix ${prefix}); ${replica ? 'primary + streaming replica' : 'one PostgreSQL'}; media in ${s3 ? 'S3 (s3rver)' : 'PostgreSQL'}`,
);

for (const count of sizes) {
  const instances = await Promise.all(
    Array.from({ length: count }, (_, n) => startInstance(url, n)),
  );
  const lb = await startHaproxy(haproxy, count);
  try {
    const yard = await measure(`http://127.0.0.1:${BARE_PORT}`, '/bare/list', {
      connections,
      duration: Math.min(duration, 5),
    });
    const result = await mixedRun({ ...(await loadOf()), origin: LB });
    line(`${count} instance${count > 1 ? 's' : ''}`, result, yard.rps);
  } finally {
    await killed(lb);
    for (const instance of instances) await killed(instance);
  }
}

// The failure run: 4 instances, the mixed load and 20 co-editors, one instance SIGKILLed.
const instances = await Promise.all(Array.from({ length: 4 }, (_, n) => startInstance(url, n)));
const lb = await startHaproxy(haproxy, 4);
try {
  const editors = await coEditors({ origin: LB, databaseUrl: url, drafts: 4, perDraft: 5 });
  const typing = editors.typeEvery(400);
  // Instance 2 is killed halfway through the measured run (its streams and requests with it)
  // and started again two seconds later.
  let restarted: Promise<void> = Promise.resolve();
  const result = await mixedRun({
    ...(await loadOf()),
    origin: LB,
    duration: duration * 2,
    onMeasuring: () => {
      restarted = (async () => {
        await new Promise((resolve) => setTimeout(resolve, duration * 1000));
        const victim = instances[1];
        if (victim) await killed(victim, 'SIGKILL');
        const killedAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 2000));
        instances[1] = await startInstance(url, 1);
        console.log(`killed instance 2 (SIGKILL), back in ${Date.now() - killedAt} ms`);
      })();
    },
  });
  await restarted;
  typing.stop();
  const converged = await editors.converge(convergeMs);
  // GET /api/auth/github/authorize allows 30 a minute per client, on the whole cluster.
  const statuses: number[] = [];
  for (let n = 0; n < 40; n += 1) {
    statuses.push((await fetch(`${LB}/api/auth/github/authorize`, { redirect: 'manual' })).status);
  }
  line('4, one killed', result);
  console.log(
    `  acknowledged writes lost: ${JSON.stringify(result.lost)}; like counters off: ${result.likeCountsOff}; statuses ${JSON.stringify(result.statuses)}`,
  );
  console.log(
    `  notifications: ${result.streams.notices} pushed for ${result.streams.written} written, ${result.streams.duplicates} pushed twice, ${result.streams.reconnects} stream reconnects, ${result.streams.stillOpen}/${result.streams.opened} open at the end`,
  );
  console.log(
    `  co-editors: ${converged.converged}/${converged.drafts} drafts converged ${converged.converged === converged.drafts ? `${(converged.tookMs / 1000).toFixed(1)} s after typing stopped` : `within ${convergeMs / 1000} s`} (${converged.editors} editors, ${converged.reconnects} reconnects), ${converged.marksMissing} of ${converged.marks} typed marks missing, stored document equal: ${converged.storedEqual}`,
  );
  console.log(
    `  rate limit (30/min) across 4 instances: ${statuses.filter((s) => s === 302).length} allowed, ${statuses.filter((s) => s === 429).length} refused of 40`,
  );
  editors.destroy();
} finally {
  await killed(lb);
  for (const instance of instances) await killed(instance);
  await killed(bare);
  await replica?.close();
  await s3?.close();
}
process.exit(0);
