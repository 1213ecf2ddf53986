import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.js';

/** The Redis the tests use (the machine's, at 127.0.0.1:6379, unless TEST_REDIS_URL says). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Settings for apps sharing one Redis namespace of their own: a prefix per call, so test files
 * (and parallel runs on one machine) never hear each other's messages or share counters.
 */
export function redisEnv(url = TEST_REDIS_URL): { REDIS_URL: string; REDIS_PREFIX: string } {
  return { REDIS_URL: url, REDIS_PREFIX: `repolog-test-${randomBytes(6).toString('hex')}:` };
}

/** Deletes every key under `prefix` (rate-limit counters, slots). */
export async function dropRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * A Redis server of the test's own (Debian's redis-server), on `port`, that the test may kill
 * to make an outage and start again, or pause (SIGSTOP: a hung Redis that still holds its
 * connections) and resume; nothing is saved to disk.
 */
export async function startRedisServer(
  port: number,
): Promise<{ url: string; kill(): void; pause(): void; resume(): void }> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.on('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => child.kill('SIGKILL'),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}

/** The database as an app sees it, noting every message it hears through LISTEN/NOTIFY. */
export function listeningSpy(database: Database, channels: string[]) {
  const heard: string[] = [];
  const spied: Database = {
    ...database,
    listen: (channel, onMessage) =>
      database.listen(channel, (payload) => {
        if (channels.includes(channel)) heard.push(channel);
        onMessage(payload);
      }),
  };
  return { database: spied, heard };
}

/**
 * A TCP proxy to `url`'s Redis whose connections the test can make silent for good (a network
 * that drops a connection's packets without closing it): `silence()` stops every connection
 * made so far, and any made until `heal()`, from passing anything either way; after `heal()`
 * new connections pass again, the silenced ones never do.
 */
export async function silencingProxy(url = TEST_REDIS_URL) {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const stoppers = new Set<() => void>();
  let silent = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    let passing = !silent;
    const stop = () => {
      passing = false;
    };
    client.on('data', (chunk) => passing && upstream.write(chunk));
    upstream.on('data', (chunk) => passing && client.write(chunk));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    stoppers.add(stop);
    client.on('close', () => stoppers.delete(stop));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    silence() {
      silent = true;
      for (const stop of stoppers) stop();
    },
    heal() {
      silent = false;
    },
    close() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
