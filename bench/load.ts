/**
 * Load benchmark (DESIGN.md §6): seeds PostgreSQL at two sizes (10k and 100k articles), starts
 * the built Repolog server and a bare Fastify route, and measures every hot read endpoint at 50
 * connections with autocannon. Prints throughput, p50/p99 latency and the ratio to the bare
 * route; never asserts anything (machines are noisy). Needs `npm run build` and PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/load.ts
 *
 * Options (env): BENCH_DURATION seconds per endpoint (default 10), BENCH_SIZES (default
 * "10000,100000"), BENCH_CONNECTIONS (default 50).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { TokenKeys } from '../apps/server/src/auth/tokens.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedBenchData } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const APP_PORT = 3911;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
/** The access token cookie's name (apps/server/src/auth/cookies.ts). */
const ACCESS_COOKIE = 'accessToken';
const BARE_PORT = 3912;

interface Row {
  size: number;
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
}

async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function start(command: string[], env: Record<string, string>): ChildProcess {
  const [bin, ...args] = command;
  return spawn(bin ?? process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function measure(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pickIds(url: string): Promise<{ articleId: number; blogId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const article = await client.query<{ id: number; blog_id: number }>(
    'SELECT id, blog_id FROM articles ORDER BY like_count DESC, id LIMIT 1',
  );
  await client.end();
  const row = article.rows[0];
  if (!row) throw new Error('no articles seeded');
  return { articleId: row.id, blogId: row.blog_id };
}

/** A signed-in reader: a session row for some user and an access token cookie for it. */
async function signedInCookie(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const user = await client.query<{ id: number; user_name: string }>(
    'SELECT id, user_name FROM users ORDER BY id DESC LIMIT 1',
  );
  const row = user.rows[0];
  if (!row) throw new Error('no users seeded');
  const userId = row.id;
  const sessionId = randomUUID();
  await client.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [sessionId, userId]);
  await client.end();
  return `${ACCESS_COOKIE}=${new TokenKeys(SECRET).signAccess({ sub: userId, sid: sessionId, name: row.user_name })}`;
}

const rows: Row[] = [];
const bare = start([process.execPath, '--import', 'tsx', path.join(here, 'bare-server.ts')], {
  PORT: String(BARE_PORT),
});
try {
  await waitFor(`http://127.0.0.1:${BARE_PORT}/bare/list`);
  for (const size of sizes) {
    const url = await freshDatabase(`repolog_bench_${size}`);
    const database = await openDatabase({ url });
    const started = Date.now();
    await seedBenchData(database.db, {
      blogs: 1000,
      articles: size,
      likes: size * 10,
      comments: size * 2,
      users: 2000,
    });
    await database.close();
    console.log(`seeded ${size} articles in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const ids = await pickIds(url);

    const server = start([process.execPath, path.join(here, '../apps/server/dist/server.js')], {
      PORT: String(APP_PORT),
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      GITHUB_CLIENT_ID: 'bench',
      GITHUB_CLIENT_SECRET: 'bench',
      SECRET,
      RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
    });
    try {
      await waitFor(`http://127.0.0.1:${APP_PORT}/api/health`);
      // Signed in, the token is good for 15 minutes: long enough for one size's runs.
      const cookie = await signedInCookie(url);
      const endpoints: [string, string, Record<string, string>?][] = [
        ['bare Fastify list (yardstick)', `http://127.0.0.1:${BARE_PORT}/bare/list`],
        ['home: top breakthroughs', '/api/home/article'],
        ['home: top blogs', '/api/home/blog'],
        ['breakthrough list, page 1', '/api/article/breakthrough?page=1&size=10'],
        [
          'breakthrough list, deep page',
          `/api/article/breakthrough?page=${Math.floor(size / 20)}&size=10`,
        ],
        ['search by title or blog name', '/api/article/breakthrough?page=1&size=10&q=pool'],
        ['language filter', '/api/article/breakthrough?page=1&size=10&lang=python'],
        ['article page', `/api/article/breakthrough/${ids.articleId}`],
        ['comments of an article', `/api/comment/comments/${ids.articleId}`],
        ['blog page', `/api/blog/non-member/${ids.blogId}`],
        ['signed in: home top', '/api/home/article', { cookie }],
        ['signed in: article page', `/api/article/breakthrough/${ids.articleId}`, { cookie }],
        ['signed in: comments', `/api/comment/comments/${ids.articleId}`, { cookie }],
        ['signed in: blog page', `/api/blog/${ids.blogId}`, { cookie }],
      ];
      let bareRps = 0;
      for (const [name, target, headers] of endpoints) {
        const full = target.startsWith('http') ? target : `http://127.0.0.1:${APP_PORT}${target}`;
        const m = await measure(full, headers);
        if (target.includes('/bare/')) bareRps = m.rps;
        rows.push({
          size,
          name,
          path: target.replace(/^http:\/\/[^/]+/, ''),
          ...m,
          ratio: bareRps ? m.rps / bareRps : 1,
        });
        console.log(
          `${String(size).padStart(6)}  ${name.padEnd(32)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ${(m.rps / (bareRps || m.rps)).toFixed(2)}× bare${m.errors ? `  ${m.errors} errors` : ''}`,
        );
      }
    } finally {
      await stop(server);
    }
  }
} finally {
  await stop(bare);
}

console.log('\nFlatness (100k vs 10k, p99 and throughput):');
for (const row of rows.filter((r) => r.size === Math.max(...sizes))) {
  const small = rows.find((r) => r.size === Math.min(...sizes) && r.name === row.name);
  if (!small || row.name.startsWith('bare')) continue;
  console.log(
    `  ${row.name.padEnd(32)} p99 ${(row.p99 / Math.max(small.p99, 1)).toFixed(2)}×   throughput ${(small.rps / Math.max(row.rps, 1)).toFixed(2)}× slower`,
  );
}
console.log('\nBudgets: p99 < 25 ms per read endpoint at 50 connections; hot lists ≥ 0.5× bare;');
console.log('search and paging under 2× from 10k to 100k articles.');

const out = path.join(here, 'results');
mkdirSync(out, { recursive: true });
const file = path.join(out, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ connections, duration, rows }, null, 2));
console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
