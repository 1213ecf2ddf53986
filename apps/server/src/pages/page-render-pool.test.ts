import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageReads } from '@repolog/contract/pages';
import { notFound } from '../errors.js';
import { builtWeb } from '../test/web-build.js';
import { createPageRenderPool } from './page-render-pool.js';

const item = (articleId: number, title: string) => ({
  articleId,
  title,
  createdAt: '2026-11-20T10:00:00.000Z',
  blogName: 'Render Lab',
  blogId: 3,
  about: 'TypeScript',
  likeCount: 2,
  commentCount: 1,
  tags: ['pool'],
});

/** Reads answered on this thread, noting which thread answered and what was asked. */
function localReads(asked: string[], threads: Set<number>): PageReads {
  return {
    breakthroughs: async (query) => {
      threads.add(threadId);
      asked.push(`breakthroughs ${query.page}`);
      return {
        items: [item(41, 'Pool drained under load'), item(40, 'Flaky retry')],
        total: 2,
        totalIsLowerBound: false,
      };
    },
    article: async (articleId) => {
      threads.add(threadId);
      asked.push(`article ${articleId}`);
      throw notFound('articles.notFound');
    },
  } satisfies Partial<PageReads> as Partial<PageReads> as PageReads;
}

describe('the page render pool', () => {
  const pool = createPageRenderPool({
    renderer: builtWeb().pageRenderer,
    threads: 1,
    concurrency: 2,
  });
  afterAll(() => pool.close());

  it('renders on a worker thread with the data this thread reads for it', async () => {
    const asked: string[] = [];
    const threads = new Set<number>();
    const page = await pool.render('/breakthrough?page=1', localReads(asked, threads), 'en');
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('Pool drained under load');
    expect(page?.html).toContain('Flaky retry');
    // The data went along for hydration, and the reads ran here, asked from the worker.
    expect(page?.state).toContain('Pool drained under load');
    expect(asked).toEqual(['breakthroughs 1']);
    expect([...threads]).toEqual([threadId]);
    expect(pool.stats()).toEqual({ threads: 1, running: 0 });
  }, 60_000);

  it('a read that fails reaches the page as its status (a missing breakthrough: 404)', async () => {
    const asked: string[] = [];
    const page = await pool.render('/breakthrough/77', localReads(asked, new Set()), 'ko');
    // Read once, before the render (page-prefetch.ts): the worker took that answer.
    expect(asked.filter((read) => read === 'article 77')).toHaveLength(1);
    expect(page?.status).toBe(404);
  }, 60_000);

  it('renders pages at once in both languages, each whole in its own', async () => {
    const [en, ko] = await Promise.all([
      pool.render('/breakthrough?page=1', localReads([], new Set()), 'en'),
      pool.render('/breakthrough?page=1', localReads([], new Set()), 'ko'),
    ]);
    expect(en?.html).toContain('Pool drained under load');
    expect(ko?.html).toContain('Pool drained under load');
    expect(en?.html).not.toEqual(ko?.html);
  }, 60_000);
});
