import { ANALYZER_VERSION } from './analyzer.js';
import type { SearchDocument, SearchFields } from './search-document.js';
import type { SearchRepository } from './search.repository.js';

/** The render pool's owner name for the index's pass: one turn among the writers'. */
export const INDEX_OWNER = 'search-index';

const BATCH = 50;
/** Least time between two passes started by searches. */
const PASS_INTERVAL_MS = 30_000;

/** Makes a search document on the render pool (the articles feature's analyze). */
export type Analyze = (
  content: string,
  owner: string,
  search: Omit<SearchFields, 'content'>,
) => Promise<SearchDocument>;

export interface SearchIndexer {
  /** Indexes every breakthrough missing from the index (or indexed by an older analyzer). */
  runPass(): Promise<number>;
  /** A search was asked: start a pass unless one ran lately (rows stored without the API). */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * Fills the search index in the background, newest first, a batch at a time: at start
 * (without holding the start up) and at most every 30 s when searches come, so rows that
 * reached the database without a write through the API (seeds, demo data, an analyzer
 * upgrade) are found. Each document is made on the render pool under one owner, so writers'
 * renders always have a thread.
 */
export function createSearchIndexer(deps: {
  repo: SearchRepository;
  analyze: Analyze;
  onError: (error: unknown) => void;
  now?: () => number;
}): SearchIndexer {
  const { repo, analyze, onError, now = Date.now } = deps;
  let stopped = false;
  let pass: Promise<number> | undefined;
  let lastStart = -Infinity;

  async function work(): Promise<number> {
    let indexed = 0;
    let beforeId = 2_147_483_647;
    while (!stopped) {
      const rows = await repo.findUnindexed({ version: ANALYZER_VERSION, beforeId, limit: BATCH });
      if (rows.length === 0) break;
      for (const row of rows) {
        if (stopped) break;
        beforeId = row.id;
        try {
          const document = await analyze(row.content, INDEX_OWNER, {
            title: row.title,
            tags: row.tags,
            problem: row.problem,
            solution: row.solution,
            blogName: row.blogName,
            authorName: row.authorName,
          });
          await repo.storeIndexed(row.id, document, ANALYZER_VERSION);
          indexed += 1;
        } catch (error) {
          // One body the analyzer cannot read (or a busy pool) leaves that row for a later pass.
          onError(error);
        }
      }
    }
    return indexed;
  }

  const runPass = (): Promise<number> => {
    if (pass) return pass;
    lastStart = now();
    pass = work().finally(() => {
      pass = undefined;
    });
    return pass;
  };

  return {
    runPass,
    nudge() {
      if (stopped || pass || now() - lastStart < PASS_INTERVAL_MS) return;
      runPass().catch(onError);
    },
    async stop() {
      stopped = true;
      await pass?.catch(() => undefined);
    },
  };
}
