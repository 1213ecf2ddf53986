import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article, ArticleListItem } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { Comment } from '@repolog/contract/comments';
import { buildTestApp, type TestApp } from '../test/app.js';
import { openSharedTestDatabases } from '../test/database.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';
import { createCacheSync } from './cache-sync.js';

/** Reads until `seen` holds, for up to 5 s (vi.waitFor runs on real timers; tests may stop Date). */
function eventually<T>(read: () => Promise<T>, seen: (value: T) => boolean): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!seen(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: 5_000, interval: 25 },
  );
}

describe('per-instance caches across two server instances on one database', () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let a: TestApp;
  let b: TestApp;
  let owner: UserRow;
  let ownerOnB: Session;
  let blog: BlogRow;

  beforeAll(async () => {
    shared = await openSharedTestDatabases();
    a = await buildTestApp({ database: shared.first });
    b = await buildTestApp({ database: shared.second });
    owner = await createUser(a);
    ownerOnB = await signIn(b, owner);
    blog = await createBlog(a, { owner });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });
  afterEach(() => vi.useRealTimers());

  // The clock stands still, so nothing on A expires by itself: only B's message can refresh A.
  const freezeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  const readOnA = async <T>(url: string) => (await a.request({ method: 'GET', url })).json<T>();
  const word = () => `sync${randomBytes(4).toString('hex')}`;

  it('a breakthrough posted on B shows at once on A’s cached blog page and list', async () => {
    const title = word();
    freezeClock();
    expect((await readOnA<Blog>(`/api/blog/non-member/${blog.id}`)).break_throughs).toEqual([]);
    expect(await readOnA<ArticleListItem[]>(`/api/article/breakthrough?q=${title}`)).toEqual([]);

    const posted = await b.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: ownerOnB.cookie },
      payload: { blogId: blog.id, title, content: 'Found on B.' },
    });
    expect(posted.statusCode).toBe(200);

    const page = await eventually(
      () => readOnA<Blog>(`/api/blog/non-member/${blog.id}`),
      (seen) => seen.break_throughs.length > 0,
    );
    expect(page.break_throughs.map((item) => item.articleTitle)).toEqual([title]);
    const list = await eventually(
      () => readOnA<ArticleListItem[]>(`/api/article/breakthrough?q=${title}`),
      (seen) => seen.length > 0,
    );
    expect(list.map((item) => item.title)).toEqual([title]);
  });

  it('an edit on B and a comment on B show at once on A’s cached article and thread', async () => {
    const article = await createArticle(a, { blog, author: owner, title: word() });
    freezeClock();
    expect((await readOnA<Article>(`/api/article/breakthrough/${article.id}`)).title).toBe(
      article.title,
    );
    expect(await readOnA<Comment[]>(`/api/comment/comments/${article.id}`)).toEqual([]);

    const renamed = word();
    const edited = await b.request({
      method: 'PUT',
      url: `/api/article/${article.id}`,
      headers: { cookie: ownerOnB.cookie },
      payload: { title: renamed, content: 'Edited on B.' },
    });
    expect(edited.statusCode).toBe(200);
    const commented = await b.request({
      method: 'POST',
      url: '/api/comment',
      headers: { cookie: ownerOnB.cookie },
      payload: { articleId: article.id, content: 'Said on B.' },
    });
    expect(commented.statusCode).toBe(200);

    const view = await eventually(
      () => readOnA<Article>(`/api/article/breakthrough/${article.id}`),
      (seen) => seen.title === renamed,
    );
    expect(view).toMatchObject({ title: renamed, content: 'Edited on B.' });
    const thread = await eventually(
      () => readOnA<Comment[]>(`/api/comment/comments/${article.id}`),
      (seen) => seen.length > 0,
    );
    expect(thread.map((comment) => comment.content)).toEqual(['Said on B.']);
  });
});

describe('createCacheSync', () => {
  it('forgets here at once, ignores its own echo and malformed messages', async () => {
    const sent: string[] = [];
    let deliver: (payload: string) => void = () => undefined;
    const sync = createCacheSync(
      {
        publish: (_channel, payload) => {
          sent.push(payload);
          return Promise.resolve();
        },
        subscribe: (_channel, onMessage) => {
          deliver = onMessage;
          return Promise.resolve(() => Promise.resolve());
        },
      },
      () => undefined,
    );
    await sync.start();
    const forgotten: string[] = [];
    sync.on('article', (key) => forgotten.push(key));

    sync.changed('article', '7');
    expect(forgotten).toEqual(['7']);
    expect(sent).toHaveLength(1);
    // The bus delivers our own message back to us: already done, so nothing happens.
    deliver(sent[0] ?? '');
    expect(forgotten).toEqual(['7']);

    deliver(JSON.stringify({ from: 'another instance', scope: 'article', key: '9' }));
    deliver(JSON.stringify({ from: 'another instance', scope: 'nonsense', key: '9' }));
    deliver('not json');
    expect(forgotten).toEqual(['7', '9']);
  });
});
