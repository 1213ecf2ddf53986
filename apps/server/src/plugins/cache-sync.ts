import { randomUUID } from 'node:crypto';
import type { Unlisten } from '../db/client.js';
import type { MessageBus } from './message-bus.js';

/** The channel (message-bus.ts) that carries "drop this from your cache" between instances. */
export const CACHE_CHANNEL = 'repolog_cache';

/**
 * What an instance may hold a short-lived copy of (see microcache.ts): one article's page, the
 * breakthrough lists, one blog's page, one article's comments.
 */
export type CacheScope = 'article' | 'breakthroughLists' | 'blog' | 'comments';

const SCOPES: ReadonlySet<string> = new Set<CacheScope>([
  'article',
  'breakthroughLists',
  'blog',
  'comments',
]);

interface Message {
  from: string;
  scope: CacheScope;
  key: string;
}

/**
 * Keeps the per-instance caches of several app instances on one database in step: a change made
 * through one instance drops the stale copy there at once and, through the message bus, on every
 * other instance within milliseconds (the caches' own expiry remains the fallback if a message is
 * lost). With one instance it only does the local part.
 */
export interface CacheSync {
  /** What to drop for `scope` (the key is an id, or '' for everything in the scope). */
  on(scope: CacheScope, forget: (key: string) => void): void;
  /** Something in `scope` changed here: forget it now, and tell the other instances. */
  changed(scope: CacheScope, key?: string): void;
  /** Starts listening; resolves once other instances' changes arrive. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createCacheSync(
  bus: Pick<MessageBus, 'publish' | 'subscribe'>,
  onError: (error: unknown) => void,
): CacheSync {
  const self = randomUUID();
  const forgetters = new Map<CacheScope, ((key: string) => void)[]>();
  let unlisten: Unlisten | undefined;

  const forgetHere = (scope: CacheScope, key: string) => {
    for (const forget of forgetters.get(scope) ?? []) forget(key);
  };

  const parse = (payload: string): Message | undefined => {
    try {
      const value: unknown = JSON.parse(payload);
      if (typeof value !== 'object' || value === null) return undefined;
      const { from, scope, key } = value as Record<string, unknown>;
      if (typeof from !== 'string' || typeof scope !== 'string' || typeof key !== 'string') {
        return undefined;
      }
      return SCOPES.has(scope) ? { from, scope: scope as CacheScope, key } : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    on(scope, forget) {
      forgetters.set(scope, [...(forgetters.get(scope) ?? []), forget]);
    },

    changed(scope, key = '') {
      forgetHere(scope, key);
      const message: Message = { from: self, scope, key };
      bus.publish(CACHE_CHANNEL, JSON.stringify(message)).catch(onError);
    },

    async start() {
      unlisten = await bus.subscribe(CACHE_CHANNEL, (payload) => {
        const message = parse(payload);
        if (message && message.from !== self) forgetHere(message.scope, message.key);
      });
    },

    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
