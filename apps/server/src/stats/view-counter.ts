import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { referrerDomain } from './referrer.js';
import { createReaderKeys } from './reader-key.js';

/** One reader counts once per breakthrough in this window (views and reads apart). */
export const DEDUPE_WINDOW_MS = 30 * 60_000;
/** Readers remembered for the window; past it the least recent are forgotten (bounded memory). */
const DEDUPE_CAPACITY = 200_000;
/** Distinct (breakthrough, day) counts and referrer counts held between flushes, at most. */
const BUFFER_CAPACITY = 100_000;

export interface ArticleDayCounts {
  articleId: number;
  day: string;
  views: number;
  reads: number;
  bots: number;
}

export interface ReferrerDayCount {
  articleId: number;
  day: string;
  domain: string;
  views: number;
}

/** What one flush adds to the aggregates. */
export interface StatsBatch {
  counts: ArticleDayCounts[];
  referrers: ReferrerDayCount[];
}

export interface Sighting {
  articleId: number;
  address: string;
  userAgent: string;
  referrer?: string | undefined;
}

export interface ViewCounterOptions {
  /** Adds a batch to the aggregates in one transaction (additive: several instances add up). */
  write: (batch: StatsBatch) => Promise<void>;
  flushMs: number;
  onError: (error: unknown) => void;
  now?: () => number;
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Counts views and reads in memory and adds them to the daily aggregates every `flushMs`: a
 * read of a page costs no database write. A crash loses at most what was counted since the
 * last flush; a flush that fails is kept and tried again with the next one.
 */
export function createViewCounter(options: ViewCounterOptions) {
  const now = options.now ?? Date.now;
  const readers = createReaderKeys();
  // When each reader was last counted, per breakthrough; the least recent go first when full.
  const seen = new LRUCache<string, number>({ max: DEDUPE_CAPACITY });
  let counts = new Map<string, ArticleDayCounts>();
  let referrers = new Map<string, ReferrerDayCount>();
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const countsOf = (articleId: number, day: string): ArticleDayCounts | undefined => {
    const key = `${articleId}:${day}`;
    let entry = counts.get(key);
    if (!entry) {
      if (counts.size >= BUFFER_CAPACITY) return undefined;
      entry = { articleId, day, views: 0, reads: 0, bots: 0 };
      counts.set(key, entry);
    }
    return entry;
  };

  const addReferrer = (articleId: number, day: string, domain: string, views: number) => {
    const key = `${articleId}:${day}:${domain}`;
    const entry = referrers.get(key);
    if (entry) entry.views += views;
    else if (referrers.size < BUFFER_CAPACITY)
      referrers.set(key, { articleId, day, domain, views });
    else dropped += views;
  };

  /** Counts once per reader and window; true when it counted. */
  const sight = (kind: 'view' | 'read', sighting: Sighting): boolean => {
    const at = now();
    const day = dayOf(at);
    if (isbot(sighting.userAgent)) {
      if (kind !== 'view') return false;
      const entry = countsOf(sighting.articleId, day);
      if (entry) entry.bots += 1;
      else dropped += 1;
      return true;
    }
    const reader = readers.readerOf(sighting.address, sighting.userAgent, day);
    const key = `${kind[0]}${sighting.articleId}:${reader}`;
    const last = seen.get(key);
    if (last !== undefined && at - last < DEDUPE_WINDOW_MS) return false;
    seen.set(key, at);
    const entry = countsOf(sighting.articleId, day);
    if (!entry) {
      dropped += 1;
      return false;
    }
    if (kind === 'view') {
      entry.views += 1;
      addReferrer(sighting.articleId, day, referrerDomain(sighting.referrer), 1);
    } else {
      entry.reads += 1;
    }
    return true;
  };

  const flushOnce = async (): Promise<void> => {
    if (counts.size === 0 && referrers.size === 0) return;
    const batch: StatsBatch = { counts: [...counts.values()], referrers: [...referrers.values()] };
    counts = new Map();
    referrers = new Map();
    try {
      await options.write(batch);
    } catch (error) {
      // Nothing of the batch was written (one transaction): count it again with the next one.
      for (const c of batch.counts) {
        const entry = countsOf(c.articleId, c.day);
        if (entry) {
          entry.views += c.views;
          entry.reads += c.reads;
          entry.bots += c.bots;
        }
      }
      for (const r of batch.referrers) addReferrer(r.articleId, r.day, r.domain, r.views);
      throw error;
    }
  };

  /** Writes what was counted so far; one flush at a time (a second call waits for the first). */
  const flush = async (): Promise<void> => {
    while (flushing) await flushing.catch(() => undefined);
    flushing = flushOnce().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  return {
    view: (sighting: Sighting) => sight('view', sighting),
    read: (sighting: Sighting) => sight('read', sighting),
    flush,
    start() {
      timer ??= setInterval(() => {
        if (!flushing) flush().catch(options.onError);
      }, options.flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
    /** Counted and not yet written; dropped because the buffer was full (metrics). */
    stats: () => ({ pending: counts.size + referrers.size, dropped }),
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
