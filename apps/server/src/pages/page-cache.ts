import type { CacheScope, CacheSync } from '../plugins/cache-sync.js';

/** How long an instance reuses a server-rendered page: as long as the API views it is made of. */
export const PAGE_TTL_MS = 1000;

const SCOPES: CacheScope[] = ['article', 'breakthroughLists', 'blog', 'comments'];

/** A tag names data a page showed: `article:25`, `blog:32`, `breakthroughLists:`. */
export const tag = (scope: CacheScope, key: string | number = '') => `${scope}:${key}`;

interface Entry<V> {
  value: Promise<V>;
  expires: number;
  tags: Set<string>;
}

/**
 * Server-rendered pages, per instance, for a short time (single flight). Each page is dropped
 * by the same "this changed" signals (plugins/cache-sync.ts) as the API views it was made of,
 * here and on every other instance; its tags say which. A page whose render overlapped a change
 * is served but not kept, since its tags were not known yet when the change arrived.
 */
export function pageCache<V>(options: {
  cacheSync: CacheSync;
  ttlMs?: number;
  maxKeys?: number;
  now?: () => number;
}) {
  const { cacheSync, ttlMs = PAGE_TTL_MS, maxKeys = 1024, now = () => Date.now() } = options;
  const entries = new Map<string, Entry<V>>();
  let generation = 0;

  const forget = (scope: CacheScope, key: string) => {
    generation += 1;
    const exact = tag(scope, key);
    const prefix = tag(scope);
    for (const [url, entry] of entries) {
      const hit =
        key === '' ? [...entry.tags].some((t) => t.startsWith(prefix)) : entry.tags.has(exact);
      if (hit) entries.delete(url);
    }
  };
  for (const scope of SCOPES) cacheSync.on(scope, (key) => forget(scope, key));

  return {
    /** The page for `key` when one is kept and fresh (or on its way). */
    peek(key: string): Promise<V> | undefined {
      const hit = entries.get(key);
      return hit && hit.expires > now() ? hit.value : undefined;
    },

    /** The page for `key`, rendered by `render` (which reports its tags) when not cached. */
    get(key: string, render: (tags: Set<string>) => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const started = generation;
      const tags = new Set<string>();
      const value = render(tags);
      const entry: Entry<V> = { value, expires: now() + ttlMs, tags };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxKeys) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      value.then(
        () => {
          if (generation !== started && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
