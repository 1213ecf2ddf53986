import type { CacheScope, CacheSync } from '../plugins/cache-sync.js';
import type { RenderedDocument } from './document.js';
import type { PageMeta } from './page-meta.js';
import { tag } from './page-cache.js';
import type { PageStoreRepository, StoredPageRow } from './page-store.repository.js';

/** A stored page older than this is still served, and rendered again in the background. */
export const PAGE_REFRESH_MS = 60 * 60 * 1000;

/** Changes remembered to tell whether a render overlapped one (far more than a render sees). */
const RECENT_CHANGES = 4096;

/** Writes waiting in line past which a new page is not stored (it renders again when read). */
const MAX_QUEUED_SAVES = 500;

/** Pages whose reads wait for the next flush, past which more reads are not noted. */
const MAX_READS = 100_000;

const SCOPES: CacheScope[] = ['article', 'blog', 'comments'];

export interface StoredPage {
  page: RenderedDocument;
  meta: PageMeta;
  tags: string[];
  /** Stored long ago: serve it, and render it again in the background. */
  old: boolean;
}

/** A change: one tag (`article:25`), or a whole scope (`article:`). */
interface Change {
  seq: number;
  tag: string;
}

const touches = (tags: readonly string[], change: string) =>
  change.endsWith(':') ? tags.some((t) => t.startsWith(change)) : tags.includes(change);

/**
 * The stored pages of one instance (DESIGN.md §7): reads that trust a stored page only while
 * nothing it shows has changed, and writes kept in one line so that a page rendered before a
 * change can never land after the change marked it stale.
 *
 * What it shows changing is known three ways: the cache signals (a title, a comment, a blog's
 * members — here and from other instances) mark the pages showing it stale; the like or
 * favorite count its record has now is read with it; and a new build renders everything again.
 */
export function createPageStore(options: {
  repo: PageStoreRepository;
  cacheSync: CacheSync;
  build: string;
  onError: (error: unknown) => void;
  refreshAfterMs?: number;
  /** The store's bounds: pages kept, and their bytes (the most recently read ones stay). */
  maxPages?: number;
  maxBytes?: number;
  /** How often this instance writes down which pages were read (never once per read). */
  flushMs?: number;
  now?: () => number;
}) {
  const { repo, cacheSync, build, onError } = options;
  const { refreshAfterMs = PAGE_REFRESH_MS, now = () => Date.now() } = options;
  const { maxPages = 10_000, maxBytes = 256 * 1024 * 1024, flushMs = 60_000 } = options;
  // Reads since the last flush (one entry per page, its latest read): written in one batch.
  const reads = new Map<string, { path: string; language: string; at: Date }>();
  // Saves between two trims: about 1% of the bound, so the store passes it by little.
  const trimEvery = Math.max(1, Math.floor(maxPages / 100));
  let savedSinceTrim = 0;

  let seq = 0;
  const recent: Change[] = [];
  // Changes whose stale mark is still on its way to the database: reads treat them as made.
  const pending = new Map<string, number>();
  let line: Promise<unknown> = Promise.resolve();
  let queuedSaves = 0;

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const next = line.then(work);
    line = next.catch(() => undefined);
    return next;
  };

  const changed = (change: string) => {
    seq += 1;
    recent.push({ seq, tag: change });
    if (recent.length > RECENT_CHANGES) recent.shift();
    pending.set(change, (pending.get(change) ?? 0) + 1);
    void enqueue(() =>
      change.endsWith(':') ? repo.markScopeStale(change) : repo.markStale([change]),
    )
      .catch(onError)
      .finally(() => {
        const left = (pending.get(change) ?? 1) - 1;
        if (left > 0) pending.set(change, left);
        else pending.delete(change);
      });
  };
  for (const scope of SCOPES) cacheSync.on(scope, (key) => changed(tag(scope, key)));

  const flush = async () => {
    if (reads.size === 0) return;
    const batch = [...reads.values()];
    reads.clear();
    await repo.touch(batch);
  };
  const flushing = setInterval(() => {
    void enqueue(flush).catch(onError);
  }, flushMs);
  flushing.unref();

  const pendingFor = (tags: readonly string[]) =>
    [...pending.keys()].some((change) => touches(tags, change));

  /** True when a change since `mark` touched `tags` (or too many came to tell). */
  const changedSince = (mark: number, tags: readonly string[]) => {
    if (seq === mark) return false;
    const oldest = recent[0]?.seq ?? seq + 1;
    if (oldest > mark + 1) return true;
    return recent.some((change) => change.seq > mark && touches(tags, change.tag));
  };

  return {
    /** The stored page at `path` in `language`, when it is still what a render would make. */
    async read(path: string, language: string): Promise<StoredPage | undefined> {
      const row = await repo.find(path, language);
      if (
        !row ||
        row.build !== build ||
        row.stale ||
        row.status !== 200 ||
        row.watch !== row.current ||
        pendingFor(row.tags)
      ) {
        return undefined;
      }
      if (reads.size < MAX_READS)
        reads.set(`${language} ${path}`, { path, language, at: new Date(now()) });
      return {
        page: {
          status: row.status,
          html: row.html,
          state: row.state,
          modules: row.modules,
          islands: row.islands,
        },
        meta: JSON.parse(row.meta) as PageMeta,
        tags: row.tags,
        old: now() - row.storedAt.getTime() > refreshAfterMs,
      };
    },

    /** Taken before reading what a page will show; `save` compares it with later changes. */
    mark(): number {
      return seq;
    },

    /**
     * Stores a page rendered from data read after `mark`, unless a change since touched it.
     * Resolves true when stored (a failure is reported, not thrown).
     */
    save(mark: number, row: Omit<StoredPageRow, 'build'>): Promise<boolean> {
      if (queuedSaves >= MAX_QUEUED_SAVES) return Promise.resolve(false);
      queuedSaves += 1;
      return enqueue(async () => {
        if (changedSince(mark, row.tags)) return false;
        await repo.save({ ...row, build });
        savedSinceTrim += 1;
        if (savedSinceTrim >= trimEvery) {
          savedSinceTrim = 0;
          // Reads first, so the pages just read are the ones kept.
          await flush();
          await repo.trim(maxPages, maxBytes);
        }
        return true;
      })
        .catch((error: unknown) => {
          onError(error);
          return false;
        })
        .finally(() => {
          queuedSaves -= 1;
        });
    },

    /** Resolves once every write asked for so far is done (tests, shutdown). */
    settled(): Promise<void> {
      return line.then(() => undefined);
    },

    /** Writes down the reads noted so far and stops the timer (shutdown). */
    async stop(): Promise<void> {
      clearInterval(flushing);
      await enqueue(flush).catch(onError);
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
