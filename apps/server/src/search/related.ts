import type { ArticleListItem } from '@repolog/contract/articles';
import type { RelatedRepository } from './related.repository.js';

const PASS_BATCH = 50;

export interface Related {
  /**
   * Computes and stores an article's list (after it was written), one article at a time; the
   * articles on that list are computed again too, so they may show the new one.
   */
  request(articleId: number): void;
  /** Resolves once every requested computation is done (tests, shutdown). */
  settled(): Promise<void>;
  /** Computes the lists of indexed breakthroughs that have none (seeds, demo data, upgrades). */
  runPass(): Promise<number>;
  /** The stored list as list items, hidden and deleted ones left out. */
  read(articleId: number): Promise<ArticleListItem[]>;
  stop(): Promise<void>;
}

/**
 * Related breakthroughs (issue 21): computed when a breakthrough is written, behind the write
 * (a queue, one at a time, so writes never wait for it), and by a background pass for rows
 * without a list; reads only read the stored ids.
 */
export function createRelated(deps: {
  repo: RelatedRepository;
  excludeBlogId: number;
  items: (ids: readonly number[]) => Promise<ArticleListItem[]>;
  /** An article's stored list became another: the pages showing it go stale. */
  onChanged: (articleId: number) => void;
  onError: (error: unknown) => void;
}): Related {
  const { repo, excludeBlogId, items, onChanged, onError } = deps;
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();
  const waiting = new Set<number>();

  const computeOne = async (articleId: number) => {
    const ids = await repo.compute(articleId, excludeBlogId);
    if (ids === undefined) return [];
    // A list never computed was shown as none.
    const before = (await repo.find(articleId)) ?? [];
    await repo.store(articleId, ids);
    if (before.join() !== ids.join()) onChanged(articleId);
    return ids;
  };

  const enqueue = (articleId: number, neighbours: boolean) => {
    if (stopped || waiting.has(articleId)) return;
    waiting.add(articleId);
    chain = chain.then(async () => {
      waiting.delete(articleId);
      if (stopped) return;
      try {
        const ids = await computeOne(articleId);
        if (neighbours) for (const id of ids) enqueue(id, false);
      } catch (error) {
        onError(error);
      }
    });
  };

  return {
    request: (articleId) => enqueue(articleId, true),
    async settled() {
      // Neighbours are queued while the chain runs: wait until it stops growing.
      let last: Promise<void>;
      do {
        last = chain;
        await last;
      } while (last !== chain);
    },
    async runPass() {
      let computed = 0;
      while (!stopped) {
        const ids = await repo.findUncomputed(PASS_BATCH);
        if (ids.length === 0) break;
        for (const id of ids) {
          if (stopped) break;
          // A failure stores an empty list, so the pass never loops on one article.
          try {
            await computeOne(id);
          } catch (error) {
            onError(error);
            await repo.store(id, []);
          }
          computed += 1;
        }
      }
      return computed;
    },
    async read(articleId) {
      const ids = await repo.find(articleId);
      return ids ? items(ids) : [];
    },
    async stop() {
      stopped = true;
      await chain;
    },
  };
}
