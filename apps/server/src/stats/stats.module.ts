import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { statsRepository } from './stats.repository.js';
import { registerStatsRoutes } from './stats.routes.js';
import { statsService } from './stats.service.js';
import { createViewCounter, type ViewCounter } from './view-counter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views and reads counted in memory; tests flush it to see them in the aggregates. */
    viewCounter: ViewCounter;
  }
}

/**
 * Registers the writers' stats: view and read beacons counted in memory and added to the daily
 * aggregates every STATS_FLUSH_MS, and the members' dashboards read from those aggregates.
 */
export function registerStatsModule(app: FastifyInstance, deps: AppDeps): ViewCounter {
  const repo = statsRepository(deps.db);
  const counter = createViewCounter({
    write: (batch) => repo.add(batch),
    flushMs: deps.config.statsFlushMs,
    onError: (error) =>
      app.log.warn({ err: error }, 'adding counted views failed; kept for the next flush'),
  });
  app.decorate('viewCounter', counter);
  counter.start();
  // What was counted since the last flush is written before the database closes.
  deps.onClose(() => counter.stop());
  deps.metrics.gauge(
    'repolog_stats_pending',
    'Counted views, reads and referrers not yet added to the aggregates on this instance.',
    () => counter.stats().pending,
  );
  deps.metrics.counter(
    'repolog_stats_dropped_total',
    'Views not counted because the in-memory buffer was full.',
    'kind',
    () => new Map([['view', counter.stats().dropped]]),
  );
  registerStatsRoutes(app, statsService({ repo, memberships: deps.memberships }), counter);
  return counter;
}
