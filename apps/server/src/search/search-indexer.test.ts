import { describe, expect, it } from 'vitest';
import { ANALYZER_VERSION } from './analyzer.js';
import type { SearchDocument, SearchFields } from './search-document.js';
import { createSearchIndexer, INDEX_BATCH } from './search-indexer.js';
import type { SearchRepository, UnindexedRow } from './search.repository.js';

const row = (id: number): UnindexedRow => ({
  id,
  title: `title ${id}`,
  tags: [],
  problem: null,
  solution: null,
  content: id === 7 ? 'unreadable' : `body ${id}`,
  blogName: 'blog',
  authorName: null,
});

/** A repository over `count` unindexed breakthroughs (ids 1..count), recording what is stored. */
function fakeRepo(count: number) {
  const stored = new Map<number, SearchDocument>();
  const statements: number[] = [];
  const repo = {
    findUnindexed: ({ beforeId, limit }: { beforeId: number; limit: number }) =>
      Promise.resolve(
        Array.from({ length: count }, (_, i) => count - i)
          .filter((id) => id < beforeId && !stored.has(id))
          .slice(0, limit)
          .map(row),
      ),
    storeIndexed: (made: { articleId: number; document: SearchDocument }[], version: number) => {
      expect(version).toBe(ANALYZER_VERSION);
      statements.push(made.length);
      for (const { articleId, document } of made) stored.set(articleId, document);
      return Promise.resolve();
    },
  } as unknown as SearchRepository;
  return { repo, stored, statements };
}

describe('the search index pass', () => {
  it('analyzes and stores a batch at a time, newest first, and indexes every breakthrough', async () => {
    const { repo, stored, statements } = fakeRepo(INDEX_BATCH + 5);
    const tasks: number[] = [];
    const indexer = createSearchIndexer({
      repo,
      analyzeMany: (documents: SearchFields[]) => {
        tasks.push(documents.length);
        return Promise.resolve(documents.map((d) => ({ vector: `'${d.title}'`, text: d.title })));
      },
      onError: (error) => {
        throw error;
      },
    });
    await expect(indexer.runPass()).resolves.toBe(INDEX_BATCH + 5);
    expect(tasks).toEqual([INDEX_BATCH, 5]);
    expect(statements).toEqual([INDEX_BATCH, 5]);
    expect(stored.get(3)?.text).toBe('title 3');
  });

  it('skips only the body the analyzer cannot read when its batch fails', async () => {
    const { repo, stored } = fakeRepo(10);
    const errors: unknown[] = [];
    const indexer = createSearchIndexer({
      repo,
      analyzeMany: (documents: SearchFields[]) =>
        documents.some((d) => d.content === 'unreadable')
          ? Promise.reject(new Error('nested too deeply'))
          : Promise.resolve(documents.map((d) => ({ vector: `'${d.title}'`, text: d.title }))),
      onError: (error) => errors.push(error),
    });
    await expect(indexer.runPass()).resolves.toBe(9);
    expect([...stored.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect(errors).toHaveLength(1);
  });
});
