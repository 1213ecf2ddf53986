import type { FastifyInstance } from 'fastify';
import type { StorageConfig } from '../config-storage.js';
import type { Database } from '../db/client.js';
import { runWithReads } from '../db/read-routing.js';
import type { Metrics } from './metrics.js';

/** Set on the answer to a write: until the time it holds, the browser's reads go to the primary. */
export const WROTE_COOKIE = 'repolog_wrote';

const READING = new Set(['GET', 'HEAD']);

/**
 * With DATABASE_READ_URL: a GET may read public data from the replica, unless its session
 * wrote within READ_YOUR_WRITES_MS (told by a short cookie set on every write, so it holds on
 * every instance behind a load balancer); writes and everything else read from the primary.
 * Without a replica nothing is registered.
 */
export function registerReadRouting(
  app: FastifyInstance,
  options: {
    replica: StorageConfig['replica'];
    database: Database;
    metrics: Pick<Metrics, 'gauge' | 'counter'>;
    secure: boolean;
  },
): void {
  const { replica, database, metrics } = options;
  if (!replica) return;
  const windowMs = replica.readYourWritesMs;

  app.addHook('onRequest', (request, _reply, done) => {
    const until = Number(request.cookies[WROTE_COOKIE]);
    const now = Date.now();
    // A value past the window was not set by us: it does not pin the reads.
    const wroteRecently = until > now && until <= now + windowMs;
    runWithReads(
      { replica: READING.has(request.method) && !wroteRecently, recentWriter: wroteRecently },
      done,
    );
  });

  app.addHook('onSend', async (request, reply) => {
    if (READING.has(request.method) || request.method === 'OPTIONS' || windowMs === 0) return;
    reply.setCookie(WROTE_COOKIE, String(Date.now() + windowMs), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: Math.ceil(windowMs / 1000),
    });
  });

  const stats = () => database.replicaStats();
  metrics.gauge(
    'repolog_replica_lag_seconds',
    'How far the read replica was behind the primary at its last check.',
    () => (stats()?.lagMs ?? 0) / 1000,
  );
  metrics.gauge(
    'repolog_replica_healthy',
    '1 while public reads may go to the replica (caught up and answering), else 0.',
    () => (stats()?.healthy ? 1 : 0),
  );
  metrics.counter(
    'repolog_read_queries_total',
    'Queries of the public read handle, by where they went (replica, primary, fallback).',
    'target',
    () => {
      const s = stats();
      return new Map([
        ['replica', s?.replicaReads ?? 0],
        ['primary', s?.primaryReads ?? 0],
        ['fallback', s?.fallbacks ?? 0],
      ]);
    },
  );
}
