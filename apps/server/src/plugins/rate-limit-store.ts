import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisLink } from './redis.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The plugin's own stores (CommonJS files it ships without type declarations). */
interface StoreLike {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): StoreLike;
}
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => StoreLike;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => StoreLike;

/**
 * @fastify/rate-limit's Redis store, so every limit (the API's per-client rate, the sign-in
 * and webhook routes' own) holds for the whole cluster; while Redis is out each instance counts
 * in its own memory instead (its LocalStore), with the fallback logged and counted — never a
 * refused or failed request because of Redis.
 */
export function fallbackRateLimitStore(link: RedisLink): FastifyRateLimitStoreCtor {
  const pair = (redis: StoreLike, local: StoreLike): FastifyRateLimitStore & StoreLike => {
    const run =
      (method: 'incr' | 'read') =>
      (key: string, callback: Callback, timeWindow: number, max: number): void => {
        const localRun = () => {
          const store = local[method]?.bind(local);
          if (store) store(key, callback, timeWindow, max);
          else callback(null, { current: 0, ttl: 0 });
        };
        if (!link.up()) {
          link.fellBack('rate_limits');
          localRun();
          return;
        }
        redis[method]?.(
          key,
          (error, result) => {
            if (!error) return callback(null, result);
            link.fellBack('rate_limits', error);
            localRun();
          },
          timeWindow,
          max,
        );
      };
    return {
      incr: run('incr'),
      read: run('read'),
      child: (routeOptions) => pair(redis.child(routeOptions), local.child(routeOptions)),
    };
  };

  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      const key = `${link.prefix}rate:`;
      return pair(
        new RedisStore(continueExceeding, exponentialBackoff, link.commands, key),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
