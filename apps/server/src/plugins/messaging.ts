import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { postgresBus, type MessageBus } from './message-bus.js';
import type { Metrics } from './metrics.js';
import { fallbackRateLimitStore } from './rate-limit-store.js';
import { redisBus } from './redis-bus.js';
import { connectRedis, type RedisLink } from './redis.js';

/** How this instance reaches the others: the message bus, and Redis when there is one. */
export interface Messaging {
  bus: MessageBus;
  /** REDIS_URL's connections; undefined: PostgreSQL alone. */
  redis: RedisLink | undefined;
  /** The rate limiter's store (cluster-wide on Redis); undefined: each instance's memory. */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  close(): Promise<void>;
}

/**
 * Opens the transport between instances: LISTEN/NOTIFY on the database by default; with
 * REDIS_URL, Redis pub/sub and Redis-counted limits, falling back to the former while Redis is
 * out (metrics: repolog_redis_up, repolog_redis_fallbacks_total by use).
 */
export async function openMessaging(
  config: Pick<Config, 'redis'>,
  database: Database,
  log: FastifyBaseLogger,
  metrics: Pick<Metrics, 'gauge' | 'counter'>,
): Promise<Messaging> {
  const postgres = postgresBus(database);
  if (!config.redis) {
    return { bus: postgres, redis: undefined, rateLimitStore: undefined, close: async () => {} };
  }
  const redis = await connectRedis({
    url: config.redis.url,
    prefix: config.redis.prefix,
    log: { warn: (details, message) => log.warn(details, message), info: (m) => log.info(m) },
  });
  metrics.gauge(
    'repolog_redis_up',
    'Whether this instance reaches Redis now (1) or not (0).',
    () => (redis.up() ? 1 : 0),
  );
  metrics.counter(
    'repolog_redis_fallbacks_total',
    'Times Redis was out and this instance did without it (messages through PostgreSQL, limits counted here), by use.',
    'use',
    () => redis.fallbacks(),
  );
  const bus = redisBus(redis, postgres, (error) =>
    log.error({ err: error }, 'a message to the other instances was lost (Redis and PostgreSQL)'),
  );
  return {
    bus,
    redis,
    rateLimitStore: fallbackRateLimitStore(redis),
    close: () => redis.close(),
  };
}
