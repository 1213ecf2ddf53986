import { Redis, type RedisOptions } from 'ioredis';
import { ConfigError } from '../config.js';

/** What counts on Redis and falls back when it is out (the label of the fallback metric). */
export type RedisUse = 'messages' | 'rate_limits' | 'render_queue';

/**
 * This instance's connections to Redis (REDIS_URL) and whether it is reachable. Everything
 * that uses Redis asks `up()` first and calls `fellBack` when it had to do without: the first
 * fallback of an outage logs one warning, each one counts in `repolog_redis_fallbacks_total`.
 */
export interface RedisLink {
  /** Publishes and counters: a command fails at once (never queues) while Redis is out. */
  commands: Redis;
  /** Subscriptions (a connection in subscriber mode can do nothing else). */
  subscriber: Redis;
  /** Namespaces every key and channel (REDIS_PREFIX), so deployments can share one Redis. */
  prefix: string;
  up(): boolean;
  fellBack(use: RedisUse, error?: unknown): void;
  /** Fallbacks so far, by use (metrics). */
  fallbacks(): ReadonlyMap<RedisUse, number>;
  close(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** A command that waits longer than this on a hung Redis fails, and its caller falls back. */
const COMMAND_TIMEOUT_MS = 500;

/** REDIS_URL without its password, for messages. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an address that is not a URL';
  }
}

/**
 * Connects to Redis. Unreachable at start is a configuration error naming REDIS_URL (the
 * server refuses to start rather than run as a cluster member that counts limits alone);
 * once running, an outage degrades (see RedisLink) and the connections retry on their own.
 */
export async function connectRedis(options: {
  url: string;
  prefix: string;
  log: Log;
  connectTimeoutMs?: number;
}): Promise<RedisLink> {
  const { url, prefix, log } = options;
  const base: RedisOptions = {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  };
  const commands = new Redis(url, {
    ...base,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  const subscriber = new Redis(url, { ...base, autoResubscribe: true });
  let lastError: Error | undefined;
  let outage = false;
  const counts = new Map<RedisUse, number>();
  for (const client of [commands, subscriber]) {
    client.on('error', (error: Error) => {
      lastError = error;
    });
  }
  commands.on('ready', () => {
    if (!outage) return;
    outage = false;
    log.info('Redis is reachable again: cross-instance messages and limits are back on Redis.');
  });

  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    const reason = (lastError ?? (error as Error)).message;
    throw new ConfigError(
      `REDIS_URL: Redis at ${shown(url)} could not be reached (${reason}). Start Redis, correct REDIS_URL, or leave it unset to run on PostgreSQL alone.`,
    );
  }

  return {
    commands,
    subscriber,
    prefix,
    up: () => commands.status === 'ready',
    fellBack(use, error) {
      counts.set(use, (counts.get(use) ?? 0) + 1);
      if (outage) return;
      outage = true;
      log.warn(
        { err: error ?? lastError, use },
        'Redis is unreachable: cross-instance messages go through PostgreSQL and limits count on this instance until it is back',
      );
    },
    fallbacks: () => counts,
    async close() {
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
