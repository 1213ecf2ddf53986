import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticleListItem, HomeArticle, LikeResult } from '@repolog/contract/articles';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { addLike, likeCounts } from '../test/article-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

const HOUR = 3_600_000;

const like = (t: TestApp, articleId: number, session?: Session, payload?: unknown) =>
  t.request({
    method: 'PUT',
    url: `/api/article/${articleId}/like`,
    headers: session ? { cookie: session.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('PUT /api/article/{articleId}/like', () => {
  let t: TestApp;
  let author: UserRow;
  let blog: BlogRow;

  beforeAll(async () => {
    t = await buildTestApp();
    author = await createUser(t);
    blog = await createBlog(t, { owner: author });
  });
  afterAll(() => t.close());

  it('toggles the like and answers likeButton and likeCount', async () => {
    const article = await createArticle(t, { blog, author });
    const reader = await signIn(t, await createUser(t));

    const on = await like(t, article.id, reader, { articleId: article.id });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ likeButton: true, likeCount: 1 });
    const page = await t.request({
      method: 'GET',
      url: `/api/article/breakthrough/${article.id}`,
      headers: { cookie: reader.cookie },
    });
    expect(page.json<Article>()).toMatchObject({ likeButton: true, likeCount: 1 });

    const off = await like(t, article.id, reader, { articleId: article.id });
    expect(off.json()).toEqual({ likeButton: false, likeCount: 0 });
    // The body is optional.
    expect((await like(t, article.id, reader, {})).json()).toEqual({
      likeButton: true,
      likeCount: 1,
    });
    expect(await likeCounts(t, article.id)).toEqual({ likeCount: 1, rows: 1 });
  });

  it('a reader sees their own like at once, though visitors share a cached view of the page', async () => {
    const article = await createArticle(t, { blog, author });
    const reader = await signIn(t, await createUser(t));
    const read = (session?: Session) =>
      t.request({
        method: 'GET',
        url: `/api/article/breakthrough/${article.id}`,
        headers: session ? { cookie: session.cookie } : {},
      });
    // Both views are warm before the like.
    expect((await read()).json<Article>()).toMatchObject({ likeButton: false, likeCount: 0 });
    expect((await read(reader)).json<Article>()).toMatchObject({ likeButton: false, likeCount: 0 });

    expect((await like(t, article.id, reader, {})).statusCode).toBe(200);
    expect((await read(reader)).json<Article>()).toMatchObject({
      title: article.title,
      likeButton: true,
      likeCount: 1,
    });
    // Someone else signed in sees the count but not a like of their own.
    const other = await signIn(t, await createUser(t));
    expect((await read(other)).json<Article>()).toMatchObject({ likeButton: false, likeCount: 1 });
  });

  it('refuses visitors, a body for another article and unknown articles', async () => {
    const article = await createArticle(t, { blog, author });
    const reader = await signIn(t, await createUser(t));

    const visitor = await like(t, article.id, undefined, { articleId: article.id });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json<{ error: string }>().error).toBe('unauthenticated');

    const mismatch = await like(t, article.id, reader, { articleId: article.id + 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ message: string }>().message).toMatch(/articleId/);

    const missing = await like(t, 7_654_321, reader, { articleId: 7_654_321 });
    expect(missing.statusCode).toBe(404);
    expect(await likeCounts(t, article.id)).toEqual({ likeCount: 0, rows: 0 });
  });

  it('counts exactly when 30 users like one article at once', async () => {
    const article = await createArticle(t, { blog, author });
    const sessions = await Promise.all(
      Array.from({ length: 30 }, async () => signIn(t, await createUser(t))),
    );
    const results = await Promise.all(
      sessions.map((session) => like(t, article.id, session, { articleId: article.id })),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array<number>(30).fill(200));
    const counts = results.map((res) => res.json<LikeResult>());
    expect(counts.every((result) => result.likeButton)).toBe(true);
    // Every answer saw its own like counted: the counts are 1…30, each exactly once.
    expect(counts.map((result) => result.likeCount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(await likeCounts(t, article.id)).toEqual({ likeCount: 30, rows: 30 });
  });

  it('stays exact when one user sends 10 toggles at once', async () => {
    const article = await createArticle(t, { blog, author });
    const reader = await signIn(t, await createUser(t));
    // Someone else's like must survive the storm untouched.
    await addLike(t, { userId: author.id, articleId: article.id });

    const results = await Promise.all(
      Array.from({ length: 10 }, () => like(t, article.id, reader, { articleId: article.id })),
    );
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const counts = await likeCounts(t, article.id);
    expect(counts.likeCount).toBe(counts.rows);
    expect([1, 2]).toContain(counts.rows);

    const page = await t.request({
      method: 'GET',
      url: `/api/article/breakthrough/${article.id}`,
      headers: { cookie: reader.cookie },
    });
    const shown = page.json<Article>();
    expect(shown.likeCount).toBe(counts.rows);
    expect(shown.likeButton).toBe(counts.rows === 2);
  });
});

describe('GET /api/home/article', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("ranks today's likes first, then total likes, then newest; official notices left out", async () => {
    const author = await createUser(t);
    const blog = await createBlog(t, { owner: author, name: 'Infra Guild' });
    const official = await createBlog(t, { owner: author, id: 39 });
    const fans = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const longAgo = new Date(Date.now() - 48 * HOUR);

    const classic = await createArticle(t, {
      blog,
      author,
      title: 'Classic',
      createdAt: new Date(Date.now() - 72 * HOUR),
    });
    const rising = await createArticle(t, { blog, author, title: 'Rising', about: 'Python' });
    const steady = await createArticle(t, { blog, author, title: 'Steady' });
    const notice = await createArticle(t, { blog: official, author, title: 'Notice' });
    const older = await createArticle(t, {
      blog,
      author,
      title: 'Quiet older',
      createdAt: new Date(Date.now() - 10 * HOUR),
    });
    const newer = await createArticle(t, { blog, author, title: 'Quiet newer' });
    for (let i = 1; i <= 6; i += 1) {
      await createArticle(t, {
        blog,
        author,
        title: `Filler ${i}`,
        createdAt: new Date(Date.now() - (6 - i) * 60_000 - 5 * HOUR),
      });
    }

    // Classic: 5 likes, all two days old. Rising: 2 likes in the last hour.
    for (const fan of fans.slice(0, 5)) {
      await addLike(t, { userId: fan.id, articleId: classic.id, at: longAgo });
    }
    for (const fan of fans.slice(0, 2)) {
      await addLike(t, { userId: fan.id, articleId: rising.id, at: new Date(Date.now() - HOUR) });
    }
    // Steady: 3 old likes. The notice gets the most recent likes of all but never shows.
    for (const fan of fans.slice(0, 3)) {
      await addLike(t, { userId: fan.id, articleId: steady.id, at: longAgo });
    }
    for (const fan of fans) await addLike(t, { userId: fan.id, articleId: notice.id });

    const res = await t.request({ method: 'GET', url: '/api/home/article' });
    expect(res.statusCode).toBe(200);
    const items = res.json<HomeArticle[]>();
    // Ten at most: the oldest article without likes is the eleventh and drops off.
    expect(items.map((a) => a.title)).toEqual([
      'Rising',
      'Classic',
      'Steady',
      'Quiet newer',
      'Filler 6',
      'Filler 5',
      'Filler 4',
      'Filler 3',
      'Filler 2',
      'Filler 1',
    ]);
    expect(items[0]).toEqual({
      articleId: rising.id,
      title: 'Rising',
      createdAt: rising.createdAt.toISOString(),
      blogName: 'Infra Guild',
      blogId: blog.id,
      about: 'Python',
      likeCount: 2,
      commentCount: 0,
      tags: [],
    });
    expect(items.map((a) => a.likeCount)).toEqual([2, 5, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(items[3]?.articleId).toBe(newer.id);
    expect(items.map((a) => a.articleId)).not.toContain(notice.id);
    expect(items.map((a) => a.articleId)).not.toContain(older.id);
  });
});

describe('GET /api/home/article/like', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("lists the caller's likes newest like first, with search, language and paging", async () => {
    const author = await createUser(t);
    const word = `tok${randomBytes(4).toString('hex')}`;
    const blog = await createBlog(t, { owner: author, name: `Mobile ${word}` });
    const official = await createBlog(t, { owner: author, id: 39, name: 'Official' });
    const reader = await createUser(t);
    const session = await signIn(t, reader);
    const other = await createUser(t);

    const first = await createArticle(t, { blog, author, title: 'First 100%', about: 'Swift' });
    const second = await createArticle(t, { blog, author, title: 'Second', about: 'Kotlin' });
    const notice = await createArticle(t, { blog: official, author, title: 'Notice' });
    const notLiked = await createArticle(t, { blog, author, title: 'Never liked' });
    await addLike(t, { userId: reader.id, articleId: second.id, at: new Date(Date.now() - 3000) });
    await addLike(t, { userId: reader.id, articleId: first.id, at: new Date(Date.now() - 2000) });
    await addLike(t, { userId: reader.id, articleId: notice.id, at: new Date(Date.now() - 1000) });
    await addLike(t, { userId: other.id, articleId: notLiked.id });

    const get = (query = '') =>
      t.request({
        method: 'GET',
        url: `/api/home/article/like${query}`,
        headers: { cookie: session.cookie },
      });

    const all = await get();
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    const items = all.json<ArticleListItem[]>();
    // Liked notices stay in the user's own list.
    expect(items.map((a) => a.articleId)).toEqual([notice.id, first.id, second.id]);
    expect(items[1]).toEqual({
      articleId: first.id,
      title: 'First 100%',
      createdAt: first.createdAt.toISOString(),
      blogName: `Mobile ${word}`,
      blogId: blog.id,
      about: 'Swift',
      likeCount: 1,
      commentCount: 0,
      tags: [],
    });

    const byLang = await get('?lang=kotlin');
    expect(byLang.json<ArticleListItem[]>().map((a) => a.articleId)).toEqual([second.id]);
    const byTitle = await get('?q=0%25');
    expect(byTitle.json<ArticleListItem[]>().map((a) => a.articleId)).toEqual([first.id]);
    const byBlog = await get(`?q=${word.toUpperCase()}`);
    expect(byBlog.json<ArticleListItem[]>().map((a) => a.articleId)).toEqual([first.id, second.id]);

    const paged = await get('?page=1&size=2');
    expect(paged.json<ArticleListItem[]>()).toHaveLength(2);
    expect(paged.headers['x-total-count']).toBe('3');
    const base = `${TEST_ORIGIN}/api/home/article/like`;
    expect(paged.headers.link).toBe(
      `<${base}?page=2&size=2>; rel="next", <${base}?page=2&size=2>; rel="last"`,
    );
  });

  it('refuses visitors with 401', async () => {
    const res = await t.request({ method: 'GET', url: '/api/home/article/like' });
    expect(res.statusCode).toBe(401);
  });
});
