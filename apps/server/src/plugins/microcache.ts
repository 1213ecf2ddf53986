import { recentWriter } from '../db/read-routing.js';

/** How long a visitor's view of one article, its comments or one blog is reused (per instance). */
export const PUBLIC_VIEW_TTL_MS = 1000;

/**
 * A per-process cache of a few hot, public results for a short time (a second or two), so a
 * burst of identical reads costs one query. Concurrent misses share one load (single flight);
 * failed loads are not kept. Each app instance builds its own; `clear()` after a local write
 * makes this instance exact at once, others catch up within `ttlMs`.
 */
export interface Microcache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets one key (a local write changed it). */
  delete(key: string): void;
  clear(): void;
  /**
   * Applies a change to every loaded value in place (expiry unchanged); undefined drops the
   * key. A value still loading, or a reload under way, might not see the change, so it is
   * dropped instead.
   */
  update(change: (key: string, value: V) => V | undefined): void;
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
  /** The value has loaded (a stale one may then be served while the next loads). */
  loaded: boolean;
  resolved?: V;
  /** A background reload of an expired entry is under way. */
  refreshing: boolean;
}

/** Hits and misses of every cache of this process, by name (read by the metrics). */
const tallies = new Map<string, { hits: number; misses: number }>();

/** Reads of each named cache so far: hits, and misses that loaded. */
export const microcacheStats = (): ReadonlyMap<string, { hits: number; misses: number }> => tallies;

export function microcache<V>(options: {
  ttlMs: number;
  /** Most keys kept; the oldest goes first. */
  maxKeys?: number;
  /**
   * For this long past `ttlMs` an expired value is still answered while one reload runs in the
   * background (nobody waits for it). Only expiry works this way: `delete` and `clear` (a write)
   * make the next caller load afresh. Default 0: expired means reloaded before answering.
   */
  staleMs?: number;
  now?: () => number;
  /** Its name in the metrics (caches of one name add up). */
  name?: string;
}): Microcache<V> {
  const { ttlMs, maxKeys = 32, staleMs = 0, now = () => Date.now(), name = 'unnamed' } = options;
  let tally = tallies.get(name);
  if (!tally) {
    tally = { hits: 0, misses: 0 };
    tallies.set(name, tally);
  }
  const counts = tally;
  const entries = new Map<string, Entry<V>>();

  const store = (key: string, value: Promise<V>): Entry<V> => {
    const entry: Entry<V> = { value, expires: now() + ttlMs, loaded: false, refreshing: false };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    value.then(
      (resolved) => {
        entry.loaded = true;
        entry.resolved = resolved;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  };

  return {
    get(key, load) {
      // A session that just wrote (DATABASE_READ_URL's read-your-writes) reads for itself: a
      // copy cached here may have come from a replica a moment behind its write.
      if (recentWriter()) {
        counts.misses += 1;
        return load();
      }
      const hit = entries.get(key);
      const at = now();
      if (hit && hit.expires > at) {
        counts.hits += 1;
        return hit.value;
      }
      if (hit && hit.loaded && hit.expires + staleMs > at) {
        // Answered from the cache while it reloads in the background: a hit for the reader.
        counts.hits += 1;
        if (!hit.refreshing) {
          hit.refreshing = true;
          const next = load();
          next.then(
            () => {
              // Unless a write dropped the entry meanwhile (its next caller loads afresh).
              if (entries.get(key) === hit) store(key, next);
            },
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value;
      }
      counts.misses += 1;
      return store(key, load()).value;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    update(change) {
      for (const [key, entry] of [...entries]) {
        if (!entry.loaded || entry.refreshing) {
          entries.delete(key);
          continue;
        }
        const value = change(key, entry.resolved as V);
        if (value === undefined) {
          entries.delete(key);
          continue;
        }
        // A new entry object: a reload begun before this change no longer counts as current.
        entries.set(key, {
          value: Promise.resolve(value),
          expires: entry.expires,
          loaded: true,
          resolved: value,
          refreshing: false,
        });
      }
    },
  };
}
