import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { AppError, notFound } from '../errors.js';
import { microcacheStats } from './microcache.js';

/** Where Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/** What feature modules use to expose a number of their own. */
export interface Metrics {
  registry: Registry;
  /** A gauge whose value is read when Prometheus scrapes (an open-streams count, a queue length). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  /** Counts per label value, read at scrape time from a running tally (name must end in _total). */
  counter(
    name: string,
    help: string,
    label: string,
    read: () => ReadonlyMap<string, number> | Promise<ReadonlyMap<string, number>>,
  ): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Request durations in seconds: fine below 25 ms (the read budget), coarse above. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics of this instance: request durations by route and status, microcache hits
 * and misses, the database pool, and whatever modules add (open streams, render queue, outbox
 * deliveries). Registered before the routes, so every route's requests are measured. Each app
 * has its own registry (tests build several apps in one process).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { database: Pick<Database, 'poolStats'> },
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    durations.observe(
      {
        method: request.method,
        // The route's pattern, never the raw path: ids would make a series per article.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  new Counter({
    name: 'repolog_microcache_requests_total',
    help: 'Reads of the per-instance short caches, by cache and result (hit or miss).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counts] of microcacheStats()) {
        this.inc({ cache, result: 'hit' }, counts.hits);
        this.inc({ cache, result: 'miss' }, counts.misses);
      }
    },
  });

  new Gauge({
    name: 'repolog_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting for a connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  const metrics: Metrics = {
    registry,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
    counter(name, help, label, read) {
      new Counter({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          this.reset();
          for (const [value, count] of await read()) this.inc({ [label]: value }, count);
        },
      });
    },
  };
  app.decorate('metrics', metrics);
  return metrics;
}

/**
 * GET /metrics on the app itself: with METRICS_TOKEN it answers `Authorization: Bearer <token>`
 * only (401 otherwise); without one it does not exist here (404) — scrape METRICS_PORT instead.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound('http.nothingAt', { path: METRICS_PATH });
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', 'http.metricsToken');
    }
    reply.header('Cache-Control', 'no-store').type(app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
}

/** Serves /metrics, without a token, on a port of its own (METRICS_PORT), e.g. inside a cluster. */
export async function startMetricsServer(
  registry: Registry,
  options: { port: number; host: string },
): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
