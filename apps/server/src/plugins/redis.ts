import { Redis, type RedisOptions } from 'ioredis';
import { ConfigError } from '../config.js';

/** What counts on Redis and falls back when it is out (the label of the fallback metric). */
export type RedisUse = 'messages' | 'rate_limits' | 'render_queue';

/**
 * This instance's connections to Redis (REDIS_URL) and whether it is reachable. Everything
 * that uses Redis asks `up()` first and calls `fellBack` when it had to do without: the first
 * fallback of an outage logs one warning, each one counts in `repolog_redis_fallbacks_total`.
 * Redis is down while a connection is lost, and also while it is connected but does not answer
 * (a command timed out, or a health check every second went unanswered), until it answers.
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
export const COMMAND_TIMEOUT_MS = 500;
/** How often both connections are pinged: a Redis that stops answering is down within 1.5 s. */
const HEALTH_EVERY_MS = 1000;
/** Unanswered health checks in a row after which a connection is dropped and made afresh. */
const RECONNECT_AFTER = 3;

/** Resolves as `promise` does, or fails after `ms` (a command a hung Redis holds). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

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
  /** Redis answered the last health check on both connections, and no command timed out since. */
  let answering = true;
  /** Health checks in a row that a connection did not answer. */
  let unanswered = 0;
  /** The outage under way has been logged. */
  let outage = false;
  const counts = new Map<RedisUse, number>();
  for (const client of [commands, subscriber]) {
    client.on('error', (error: Error) => {
      lastError = error;
    });
  }
  const up = () => commands.status === 'ready' && answering;
  const warnOnce = (use: RedisUse | undefined, error: unknown) => {
    if (outage) return;
    outage = true;
    log.warn(
      { err: error ?? lastError, ...(use ? { use } : {}) },
      'Redis is unreachable: cross-instance messages go through PostgreSQL and limits count on this instance until it is back',
    );
  };

  /**
   * Pings both connections. One that does not answer in time (Redis hung: paused, stalled
   * network) marks Redis down until both answer again; one that stays silent for
   * RECONNECT_AFTER checks is dropped and made afresh, in case the silence is a dead connection.
   */
  const check = async () => {
    const clients = [commands, subscriber];
    const results = await Promise.allSettled(
      clients.map((client) =>
        client.status === 'ready'
          ? within(client.ping(), COMMAND_TIMEOUT_MS)
          : Promise.reject(new Error(`the connection to Redis is ${client.status}`)),
      ),
    );
    const failed = results.flatMap((result, n) =>
      result.status === 'rejected'
        ? [{ client: clients[n] as Redis, error: result.reason as unknown }]
        : [],
    );
    if (failed.length === 0) {
      unanswered = 0;
      answering = true;
      if (outage) {
        outage = false;
        log.info('Redis is reachable again: cross-instance messages and limits are back on Redis.');
      }
      return;
    }
    answering = false;
    unanswered += 1;
    warnOnce(undefined, failed[0]?.error);
    if (unanswered % RECONNECT_AFTER !== 0) return;
    for (const { client } of failed) {
      if (client.status === 'ready' || client.status === 'connect') client.disconnect(true);
    }
  };

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

  let checking = false;
  const health = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => {
      checking = false;
    });
  }, HEALTH_EVERY_MS);
  health.unref();

  return {
    commands,
    subscriber,
    prefix,
    up,
    fellBack(use, error) {
      counts.set(use, (counts.get(use) ?? 0) + 1);
      // A command that failed or timed out: Redis counts as down until a health check answers.
      if (error !== undefined) answering = false;
      warnOnce(use, error);
    },
    fallbacks: () => counts,
    async close() {
      clearInterval(health);
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
