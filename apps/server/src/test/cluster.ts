// A Repolog cluster on this machine, as the README's Deployment section runs one: the built
// server's instances behind HAProxy with bench/cluster/haproxy.cfg. Shared by the cluster test
// (src/cluster.test.ts) and the cluster bench (bench/cluster.ts); plain Node, no test runner.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServer } from './built-server.js';

export { builtServer };

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const HAPROXY_CONFIG = path.join(root, 'bench/cluster/haproxy.cfg');

/** Polls `url` until it answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Sends `signal` to a process and resolves once it has exited. */
export function stopped(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Waits for `ready`; a process that exited first, or never got ready, is reported (and killed). */
async function readyOrKilled(child: ChildProcess, ready: Promise<void>, exited: Promise<never>) {
  exited.catch(() => undefined);
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    await stopped(child, 'SIGKILL');
    throw error;
  }
}

/**
 * HAProxy's binary. Debian's package is installed first when `haproxy` is not on PATH
 * (scripts/install-haproxy.sh, which `bash scripts/test.sh` runs too).
 */
export function haproxyBinary(): string {
  execFileSync('bash', [path.join(root, 'scripts/install-haproxy.sh')], { stdio: 'inherit' });
  return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
}

/** bench/cluster/haproxy.cfg listening on `listen`, both backends on the instances at `ports`. */
export function haproxyConfig(listen: string, ports: number[]): string {
  const servers = ports.map((port, n) => `  server app${n} 127.0.0.1:${port}`).join('\n');
  return readFileSync(HAPROXY_CONFIG, 'utf8')
    .replace('LISTEN', listen)
    .replaceAll('SERVERS', servers);
}

/**
 * HAProxy in front of the instances at `ports`, listening on 127.0.0.1:`port`, in the foreground
 * (stop it with `stopped`); resolves once a request through it reaches an instance.
 */
export async function startBalancer(
  bin: string,
  port: number,
  ports: number[],
): Promise<ChildProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'repolog-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(`127.0.0.1:${port}`, ports));
  // Its notices (an instance marked down) are kept, and shown only if it fails to start.
  const balancer = spawn(bin, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  balancer.stderr.on(
    'data',
    (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-4000)),
  );
  balancer.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const exited = new Promise<never>((_, reject) =>
    balancer.once('exit', (code) => reject(new Error(`haproxy exited (${code}):\n${output}`))),
  );
  await readyOrKilled(balancer, waitFor(`http://127.0.0.1:${port}/api/health`, 30_000), exited);
  return balancer;
}

/**
 * Starts an instance of the built server with `env` (PORT among it); resolves once it answers
 * /api/health, rejects if it exits first. Its warnings and errors go to this process's stderr.
 */
export async function startInstance(env: Record<string, string>): Promise<ChildProcess> {
  const instance = spawn(process.execPath, [builtServer()], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    instance.once('exit', (code, signal) =>
      reject(new Error(`the instance on port ${env.PORT} exited (${code ?? signal})`)),
    ),
  );
  await readyOrKilled(instance, waitFor(`http://127.0.0.1:${env.PORT}/api/health`), exited);
  return instance;
}

/** The engines a cluster's instance runs with, every one on when given (README "Deployment"). */
export function clusterEnv(engines: {
  databaseUrl: string;
  /** The streaming replica (DATABASE_READ_URL). */
  readUrl?: string | undefined;
  /** REDIS_URL and REDIS_PREFIX (a namespace of its own for each run). */
  redis: { REDIS_URL: string; REDIS_PREFIX: string };
  /** MEDIA_STORE=s3 and its S3_* settings. */
  s3?: Record<string, string> | undefined;
}): Record<string, string> {
  return {
    DATABASE_URL: engines.databaseUrl,
    ...(engines.readUrl ? { DATABASE_READ_URL: engines.readUrl } : {}),
    ...engines.redis,
    ...engines.s3,
    // Several pools on one PostgreSQL (and its replica) share its connections.
    DATABASE_POOL_SIZE: '5',
    // Behind the balancer: the client's address comes from X-Forwarded-For.
    TRUST_PROXY: 'true',
    EMAIL_DIGESTS: 'false',
  };
}

/**
 * The sum of a Prometheus metric's samples whose labels include `labels`, from an instance's
 * METRICS_PORT (e.g. `repolog_notification_streams_open`, or a route's request count).
 */
export async function metricOf(
  metricsPort: number,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = match[2]?.split(',') ?? [];
    if (wanted.every((pair) => given.includes(pair))) sum += Number(match[3]);
  }
  return sum;
}
