/** What the load benchmarks share: processes, databases, sessions and one autocannon run. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { TokenKeys } from '../apps/server/src/auth/tokens.js';

export const SECRET = 'bench-secret-bench-secret-bench-secret-00';
/** The access token cookie's name (apps/server/src/auth/cookies.ts). */
const ACCESS_COOKIE = 'accessToken';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the measured run (the warm-up's not counted). */
  requests: number;
  /** The answers other than 2xx, by status (`503×20`), when there were any. */
  statuses?: string;
  /** CPU time the server process spent per request (µs), when its pid was given. */
  cpuUs?: number;
}

/**
 * CPU time (user + system) a process has used so far, in µs (Linux /proc); with `thread`, that
 * thread's alone (the main thread's id is the process's).
 */
export function cpuTimeUs(pid: number, thread?: number): number | undefined {
  try {
    const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const stat = readFileSync(file, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ, 100 on every Linux build that matters. */
const CLOCK_TICKS = 100;

/** Throws when something already answers at `origin` (another server would be measured). */
export async function assertFree(origin: string): Promise<void> {
  const answered = await fetch(origin).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`${origin} is already taken: set BENCH_PORT to a free port`);
}

/** Polls a URL until it answers 2xx (shared with the cluster test's instances). */
export { waitFor } from '../apps/server/src/test/cluster.js';

/**
 * The settings every bench gives the built server: production, warnings only, a stand-in OAuth
 * app, the bench's SECRET (its sessions are signed with it), and a rate limit out of the way.
 */
export function serverEnv(port: number, publicUrl: string): Record<string, string> {
  return {
    PORT: String(port),
    LOG_LEVEL: 'warn',
    GITHUB_CLIENT_ID: 'bench',
    GITHUB_CLIENT_SECRET: 'bench',
    SECRET,
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
    PUBLIC_URL: publicUrl,
  };
}

export function start(command: string[], env: Record<string, string>): ChildProcess {
  const [bin, ...args] = command;
  return spawn(bin ?? process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** `path` for every request, or a function giving each request its own (a random address). */
export type Target = string | (() => string);

/**
 * One autocannon run at `connections` after a short warm-up (caches, JIT, connection pools).
 * A function target gives every request its own address.
 */
export async function measure(
  origin: string,
  target: Target,
  options: {
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    /** The server's process: its CPU time per request is reported too. */
    pid?: number | undefined;
    /** Seconds of warm-up before the measured run (default 2; 0: none). */
    warmup?: number;
  },
): Promise<Measured> {
  const { connections, duration, headers = {}, pid, warmup = 2 } = options;
  const requests =
    typeof target === 'string'
      ? undefined
      : [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: target() }) }];
  const url = typeof target === 'string' ? `${origin}${target}` : origin;
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
  if (warmup > 0) await run(warmup);
  const cpuBefore = pid === undefined ? undefined : cpuTimeUs(pid);
  const result = await run(duration);
  const cpuAfter = pid === undefined ? undefined : cpuTimeUs(pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    ...(result.non2xx > 0 ? { statuses: otherStatuses(result) } : {}),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { cpuUs: (cpuAfter - cpuBefore) / result.requests.total }
      : {}),
  };
}

/** The non-2xx statuses of a run and how many of each. */
function otherStatuses(result: autocannon.Result): string {
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats;
  return Object.entries(stats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
}

/** A fresh, empty database named `name` on the server of `adminUrl`; returns its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return databaseUrl(adminUrl, name);
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether `name` exists and holds about `articles` articles (a seeded database to reuse). */
export async function seededWith(adminUrl: string, name: string, articles: number) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  await admin.end();
  if (exists.rowCount === 0) return false;
  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, name) });
  await client.connect();
  try {
    // Mixed runs add a few breakthroughs to what was seeded.
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM articles');
    const n = rows[0]?.n ?? 0;
    return n >= articles && n < articles * 1.05;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/** Runs `fn` with a connected client of `url`. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface SignedIn {
  userId: number;
  cookie: string;
}

/** Signed-in users: a session row each and an access token cookie (valid 15 minutes). */
export async function signIn(client: pg.Client, userIds: number[]): Promise<SignedIn[]> {
  const keys = new TokenKeys(SECRET);
  const { rows } = await client.query<{ id: number; user_name: string }>(
    'SELECT id, user_name FROM users WHERE id = ANY($1::int[])',
    [userIds],
  );
  const signed: SignedIn[] = [];
  for (const row of rows) {
    const sessionId = randomUUID();
    await client.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [sessionId, row.id]);
    const token = keys.signAccess({ sub: row.id, sid: sessionId, name: row.user_name });
    signed.push({ userId: row.id, cookie: `${ACCESS_COOKIE}=${token}` });
  }
  return signed;
}

/** A uniformly random integer in [lo, hi]. */
export const randomInt = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** A uniformly random element. */
export function pick<T>(values: readonly T[]): T {
  const value = values[Math.floor(Math.random() * values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}
