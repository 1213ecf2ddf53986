import { ANALYZER_VERSION } from './analyzer.js';
import type { SearchDocument, SearchFields } from './search-document.js';
import type { SearchRepository, UnindexedRow } from './search.repository.js';

/** The render pool's owner name for the index's pass: one turn among the writers'. */
export const INDEX_OWNER = 'search-index';

/** Breakthroughs read, analyzed (one render pool task) and stored (one statement) at a time. */
export const INDEX_BATCH = 50;
/** Least time between two passes started by searches. */
const PASS_INTERVAL_MS = 30_000;

/** Makes search documents on the render pool, in order (the articles feature's analyzeMany). */
export type AnalyzeMany = (documents: SearchFields[], owner: string) => Promise<SearchDocument[]>;

export interface SearchIndexer {
  /** Indexes every breakthrough missing from the index (or indexed by an older analyzer). */
  runPass(): Promise<number>;
  /** A search was asked: start a pass unless one ran lately (rows stored without the API). */
  nudge(): void;
  stop(): Promise<void>;
}

const fieldsOf = (row: UnindexedRow): SearchFields => ({
  title: row.title,
  tags: row.tags,
  problem: row.problem,
  solution: row.solution,
  content: row.content,
  blogName: row.blogName,
  authorName: row.authorName,
});

/**
 * Fills the search index in the background, newest first, a batch at a time: at start
 * (without holding the start up) and at most every 30 s when searches come, so rows that
 * reached the database without a write through the API (seeds, demo data, an analyzer
 * upgrade) are found. A batch is analyzed in one render pool task under one owner (so
 * writers' renders always have a thread) and stored in one statement; the pass resumes below
 * the last id it read, so a stopped pass leaves only whole batches behind it.
 */
export function createSearchIndexer(deps: {
  repo: SearchRepository;
  analyzeMany: AnalyzeMany;
  onError: (error: unknown) => void;
  now?: () => number;
}): SearchIndexer {
  const { repo, analyzeMany, onError, now = Date.now } = deps;
  let stopped = false;
  let pass: Promise<number> | undefined;
  let lastStart = -Infinity;

  /** The batch's documents; when the batch fails, each row alone (one bad body skips itself). */
  async function analyzeBatch(rows: UnindexedRow[]) {
    try {
      const documents = await analyzeMany(rows.map(fieldsOf), INDEX_OWNER);
      return rows.map((row, i) => ({ articleId: row.id, document: documents[i]! }));
    } catch {
      const made: { articleId: number; document: SearchDocument }[] = [];
      for (const row of rows) {
        if (stopped) break;
        try {
          const [document] = await analyzeMany([fieldsOf(row)], INDEX_OWNER);
          if (document) made.push({ articleId: row.id, document });
        } catch (error) {
          // A body the analyzer cannot read (or a busy pool) leaves that row for a later pass.
          onError(error);
        }
      }
      return made;
    }
  }

  async function work(): Promise<number> {
    let indexed = 0;
    let beforeId = 2_147_483_647;
    while (!stopped) {
      const rows = await repo.findUnindexed({
        version: ANALYZER_VERSION,
        beforeId,
        limit: INDEX_BATCH,
      });
      if (rows.length === 0) break;
      beforeId = rows.at(-1)!.id;
      const documents = await analyzeBatch(rows);
      if (stopped) break;
      try {
        await repo.storeIndexed(documents, ANALYZER_VERSION);
        indexed += documents.length;
      } catch (error) {
        onError(error);
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
