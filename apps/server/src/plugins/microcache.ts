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
}

/** Hits and misses of every cache of this process, by name (read by the metrics). */
const tallies = new Map<string, { hits: number; misses: number }>();

/** Reads of each named cache so far: hits, and misses that loaded. */
export const microcacheStats = (): ReadonlyMap<string, { hits: number; misses: number }> => tallies;

export function microcache<V>(options: {
  ttlMs: number;
  /** Most keys kept; the oldest goes first. */
  maxKeys?: number;
  now?: () => number;
  /** Its name in the metrics (caches of one name add up). */
  name?: string;
}): Microcache<V> {
  const { ttlMs, maxKeys = 32, now = () => Date.now(), name = 'unnamed' } = options;
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  let tally = tallies.get(name);
  if (!tally) {
    tally = { hits: 0, misses: 0 };
    tallies.set(name, tally);
  }
  const counts = tally;
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        counts.hits += 1;
        return hit.value;
      }
      counts.misses += 1;
      const value = load();
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      if (entries.size > maxKeys) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      void value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
