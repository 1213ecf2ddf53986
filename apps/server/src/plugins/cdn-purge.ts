import type { Events } from '../events.js';
import type { CacheSync } from './cache-sync.js';
import { cdnKeys } from './http-cache.js';

/** Tells the CDN which keys (http-cache.ts cdnKeys) changed. */
export interface CdnPurge {
  /** Queues `keys` for purging; returns at once (a write never waits for the CDN). */
  purge(keys: Iterable<string>): void;
  /** Resolves once nothing is queued or on its way (tests, shutdown). */
  settled(): Promise<void>;
  stop(): void;
}

/** Keys sent in one POST. */
const BATCH = 500;
/** Keys waiting past which new ones are dropped (the CDN's own expiry still applies). */
const MAX_WAITING = 20_000;

/**
 * The purge hook: a POST of `{"keys": [...]}` (JSON) to `url`, the changes of one moment in one
 * call. A failed call (network, or an answer other than 2xx) is retried with back-off, up to
 * `attempts` times; the keys of later changes join the retry. Without a url it does nothing.
 */
export function createCdnPurge(options: {
  url: string | undefined;
  onError: (error: unknown) => void;
  retryMs?: number;
  attempts?: number;
  timeoutMs?: number;
}): CdnPurge {
  const { url, onError, retryMs = 500, attempts = 8, timeoutMs = 5000 } = options;
  const waiting = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;
  let failures = 0;
  let stopped = false;
  let idle: (() => void)[] = [];

  const wake = () => {
    if (waiting.size > 0 || sending || timer) return;
    const done = idle;
    idle = [];
    for (const resolve of done) resolve();
  };

  const schedule = (delayMs: number) => {
    if (stopped || timer || sending) return;
    timer = setTimeout(() => {
      timer = undefined;
      sending = send().finally(() => {
        sending = undefined;
        if (waiting.size > 0) schedule(failures > 0 ? retryDelay() : 0);
        wake();
      });
    }, delayMs);
    timer.unref();
  };

  const retryDelay = () => Math.min(retryMs * 2 ** (failures - 1), 60_000);

  const send = async () => {
    if (!url) return;
    const keys = [...waiting].slice(0, BATCH);
    for (const key of keys) waiting.delete(key);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keys }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`CDN purge answered ${res.status}`);
      failures = 0;
    } catch (error) {
      failures += 1;
      if (failures >= attempts) {
        failures = 0;
        onError(error);
        return;
      }
      for (const key of keys) if (waiting.size < MAX_WAITING) waiting.add(key);
    }
  };

  return {
    purge(keys) {
      if (!url || stopped) return;
      for (const key of keys) if (waiting.size < MAX_WAITING) waiting.add(key);
      schedule(0);
    },
    settled() {
      if (waiting.size === 0 && !sending && !timer) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      waiting.clear();
      wake();
    },
  };
}

/**
 * The cache signals of this instance's changes, also purging the CDN's keys of what changed
 * (each change is purged once, by the instance that made it), and the posts, edits and deletions
 * of breakthroughs and blogs (their blog's page lists them).
 */
export function purgeOnChanges(sync: CacheSync, events: Events, cdn: CdnPurge): CacheSync {
  events.on('article.changed', ({ articleId, blogId }) =>
    cdn.purge(cdnKeys([`article:${articleId}`, `blog:${blogId}`])),
  );
  events.on('blog.deleted', ({ blogId }) => cdn.purge(cdnKeys([`blog:${blogId}`])));
  return {
    ...sync,
    changed(scope, key = '') {
      sync.changed(scope, key);
      cdn.purge(cdnKeys([`${scope}:${key}`]));
    },
  };
}
