import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem } from '@repolog/contract/articles';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
} from '../test/factories.js';
import {
  decodeListChange,
  encodeListChange,
  inList,
  prepend,
  without,
  type ListedArticle,
} from './breakthrough-lists.js';

const article: ListedArticle = {
  id: 7,
  title: 'Taming Retry Storms',
  blogId: 3,
  blogName: 'Platform Team',
  about: 'Kotlin',
};

describe('list changes', () => {
  it('travel between instances as cache-sync keys', () => {
    for (const change of [
      { kind: 'added', article } as const,
      { kind: 'removed', articleId: 12 } as const,
      { kind: 'edited', before: article, after: { ...article, title: 'Calm' } } as const,
      { kind: 'any' } as const,
    ]) {
      expect(decodeListChange(encodeListChange(change))).toEqual(change);
    }
    // Anything unreadable means: read every list again.
    expect(decodeListChange('+{"id":"x"}')).toEqual({ kind: 'any' });
    expect(decodeListChange('+not json')).toEqual({ kind: 'any' });
    expect(decodeListChange('-x')).toEqual({ kind: 'any' });
    expect(decodeListChange('~[{"id":1}]')).toEqual({ kind: 'any' });
  });

  it('put a breakthrough in the lists the search rule puts it in', () => {
    const none = { q: null, lang: null };
    expect(inList(article, none, 39)).toBe(true);
    expect(inList({ ...article, blogId: 39 }, none, 39)).toBe(false);
    expect(inList(article, { q: 'retry', lang: null }, 39)).toBe(true);
    expect(inList(article, { q: 'PLATFORM', lang: 'kotlin' }, 39)).toBe(true);
    expect(inList(article, { q: 'kafka', lang: null }, 39)).toBe(false);
    expect(inList(article, { q: null, lang: 'Rust' }, 39)).toBe(false);
    expect(inList({ ...article, about: null }, { q: null, lang: 'Kotlin' }, 39)).toBe(false);
  });

  it('add an id first and take one out', () => {
    expect([...prepend(Int32Array.from([5, 4]), 6)]).toEqual([6, 5, 4]);
    expect([...without(Int32Array.from([6, 5, 4]), 5)]).toEqual([6, 4]);
    expect([...without(Int32Array.from([6, 4]), 9)]).toEqual([6, 4]);
  });
});

describe('the cached breakthrough lists', () => {
  let t: TestApp;
  let blog: BlogRow;
  let session: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createUser(t);
    session = await signIn(t, owner);
    blog = await createBlog(t, { owner, name: `Lists ${randomBytes(3).toString('hex')}` });
    for (const [i, about] of ['Python', 'Kotlin', 'Python'].entries()) {
      await createArticle(t, {
        blog,
        author: owner,
        title: `Older ${i}`,
        about,
        createdAt: new Date(Date.now() - 60_000 + i),
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/article/breakthrough?${query}` });
    expect(res.statusCode).toBe(200);
    return {
      titles: res.json<ArticleListItem[]>().map((item) => item.title),
      total: Number(res.headers['x-total-count']),
    };
  };

  it('take a new breakthrough first into the lists it matches, and let a deleted one go', async () => {
    const word = `w${randomBytes(4).toString('hex')}`;
    const queries = [
      'page=1&size=2',
      `page=1&q=${word}`,
      'page=1&size=50&lang=python',
      'lang=kotlin',
    ];
    const before = await Promise.all(queries.map(list));

    const res = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: session.cookie },
      payload: { blogId: blog.id, title: `New ${word}`, content: 'x', about: 'python' },
    });
    expect(res.statusCode).toBe(200);
    const { articleId } = res.json<{ articleId: number }>();

    const [all, search, python, kotlin] = await Promise.all(queries.map(list));
    expect(all).toEqual({
      titles: [`New ${word}`, before[0]?.titles[0]],
      total: (before[0]?.total ?? 0) + 1,
    });
    expect(search).toEqual({ titles: [`New ${word}`], total: 1 });
    expect(python?.titles).toEqual([`New ${word}`, ...(before[2]?.titles ?? [])]);
    expect(kotlin).toEqual(before[3]);

    const gone = await t.request({
      method: 'DELETE',
      url: `/api/article/${articleId}`,
      headers: { cookie: session.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect(await Promise.all(queries.map(list))).toEqual(before);
  });

  it('move an edited breakthrough into the lists its new title matches, keeping its place', async () => {
    const word = `e${randomBytes(4).toString('hex')}`;
    const posted = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: session.cookie },
      payload: { blogId: blog.id, title: 'Plain title', content: 'x' },
    });
    const { articleId } = posted.json<{ articleId: number }>();
    const all = await list('page=1&size=50');
    expect(await list(`q=${word}`)).toEqual({ titles: [], total: 0 });

    const edited = await t.request({
      method: 'PUT',
      url: `/api/article/${articleId}`,
      headers: { cookie: session.cookie },
      payload: { title: `Now about ${word}`, content: 'x', about: 'kotlin' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await list(`q=${word}`)).toEqual({ titles: [`Now about ${word}`], total: 1 });
    expect((await list('lang=kotlin')).titles[0]).toBe(`Now about ${word}`);
    const after = await list('page=1&size=50');
    expect(after.total).toBe(all.total);
    expect(after.titles.indexOf(`Now about ${word}`)).toBe(all.titles.indexOf('Plain title'));
  });

  it("find a renamed blog's breakthroughs by its new name at once", async () => {
    const name = `Renamed ${randomBytes(4).toString('hex')}`;
    expect((await list(`q=${encodeURIComponent(name)}`)).total).toBe(0);
    const res = await t.request({
      method: 'PUT',
      url: `/api/blog/${blog.id}`,
      headers: { cookie: session.cookie },
      payload: { blogName: name, description: 'Still here.', blogMember: [] },
    });
    expect(res.statusCode).toBe(200);
    expect((await list(`q=${encodeURIComponent(name)}`)).total).toBeGreaterThan(0);
  });
});
