import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@repolog/contract/errors';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser } from '../test/factories.js';
import { renderLimit } from './render-limit.js';

describe('the render limit', () => {
  it('runs so many at once, queues so many, and refuses the rest with a keyed 503', async () => {
    const limit = renderLimit({ concurrency: 2, maxQueued: 1 });
    const gates: (() => void)[] = [];
    const slow = () => new Promise<string>((resolve) => gates.push(() => resolve('page')));
    const runs = [limit.run(slow), limit.run(slow), limit.run(slow)];
    expect(limit.stats()).toEqual({ running: 2, waiting: 1 });
    await expect(limit.run(slow)).rejects.toMatchObject({ key: 'pages.busy', status: 503 });
    gates.shift()?.();
    await expect(runs[0]).resolves.toBe('page');
    // The queued render took the freed place.
    await expect.poll(() => limit.stats()).toEqual({ running: 2, waiting: 0 });
    while (gates.length > 0) gates.shift()?.();
    await expect(Promise.all(runs)).resolves.toEqual(['page', 'page', 'page']);
    expect(limit.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('a failed render frees its place', async () => {
    const limit = renderLimit({ concurrency: 1, maxQueued: 0 });
    await expect(limit.run(() => Promise.reject(new Error('broke')))).rejects.toThrow('broke');
    await expect(limit.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});

describe('cold pages past the render queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      builtWeb: true,
      env: { PAGE_RENDERS: '1', PAGE_RENDER_QUEUE: '1' },
    });
  }, 120_000);
  afterAll(() => t.close());

  it('get a 503 with its key and Retry-After; the others their page', async () => {
    const owner = await createUser(t);
    const blog = await createBlog(t, { owner });
    const articles = [];
    for (let i = 0; i < 6; i += 1) articles.push(await createArticle(t, { blog, author: owner }));
    const answers = await Promise.all(
      articles.map((article) => t.request({ method: 'GET', url: `/breakthrough/${article.id}` })),
    );
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.json<ErrorBody>().key).toBe('pages.busy');
      expect(res.headers['retry-after']).toBe('2');
    }
  }, 60_000);
});
