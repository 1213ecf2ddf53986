import { describe, expect, it } from 'vitest';
import type { PageReads } from '@repolog/contract/pages';
import { notFound } from '../errors.js';
import { prefetchReads, readKey } from './page-prefetch.js';

/** Reads that note what was asked; a breakthrough past 100 is missing. */
function noted(asked: string[]): PageReads {
  const read = (name: string) => async (id: number) => {
    asked.push(`${name} ${id}`);
    if (name === 'article' && id > 100) throw notFound('articles.notFound');
    return { id };
  };
  const names = ['article', 'comments', 'articleSeries', 'related', 'blog'];
  return Object.fromEntries(names.map((name) => [name, read(name)])) as unknown as PageReads;
}

describe('the reads done before a render', () => {
  it("does a breakthrough page's four reads at once, keyed as the loader asks", async () => {
    const asked: string[] = [];
    const done = await prefetchReads('/breakthrough/7', noted(asked));
    expect(asked.sort()).toEqual(['article 7', 'articleSeries 7', 'comments 7', 'related 7']);
    expect(done[readKey('article', [7])]).toEqual({ value: { id: 7 } });
  });

  it('keeps a failure as the fields the page reads (status, key)', async () => {
    const done = await prefetchReads('/breakthrough/101', noted([]));
    expect(done[readKey('article', [101])]).toMatchObject({
      error: { status: 404, key: 'articles.notFound' },
    });
  });

  it("reads the official blog's developer blogs with it, and nothing for other pages", async () => {
    const asked: string[] = [];
    await prefetchReads('/blog/39', noted(asked));
    expect(asked.sort()).toEqual(['blog 32', 'blog 38', 'blog 39']);
    for (const url of ['/breakthrough?page=2', '/breakthrough/3000000000', '/blog/5?x=1', '/']) {
      expect(await prefetchReads(url, noted([]))).toEqual({});
    }
  });
});
