import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticleListItem } from '@repolog/contract/articles';
import type { SearchResult } from '@repolog/contract/search';
import type { TagCount } from '@repolog/contract/tags';
import { eq } from 'drizzle-orm';
import { articles } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { errorBody } from '../test/errors.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

/*
 * Tags (issue 21 part 5) and related breakthroughs (part 7), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: the rules, the answers that carry them, /api/tags, a tag's
 * search and feed, the sitemap; related lists computed behind each write.
 */

let t: TestApp;
let session: Session;
let blog: BlogRow;
let owner: UserRow;

const post = async (payload: Record<string, unknown>) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/article',
    headers: { cookie: session.cookie },
    payload: { blogId: blog.id, ...payload },
  });
  return res;
};

const posted = async (title: string, tags: string[], content = `${title}.`) => {
  const res = await post({ title, content, tags });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ articleId: number }>().articleId;
};

const get = async <T>(url: string) => {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t, { userName: 'tagger-lee' });
  session = await signIn(t, owner);
  blog = await createBlog(t, { owner, name: 'Tag Labs' });
  await createBlog(t, { owner, id: 39, name: 'Repolog Official' });
});
afterAll(() => t.close());

describe('tags of a breakthrough', () => {
  it('are stored lowercase, each once, and come back in the article and every list', async () => {
    const id = await posted('Tagged post', ['React', 'c++', '#검색', 'react', 'node.js']);
    const article = await get<Article>(`/api/article/breakthrough/${id}`);
    expect(article.tags).toEqual(['react', 'c++', '검색', 'node.js']);
    const list = await get<ArticleListItem[]>('/api/article/breakthrough?page=1&size=10');
    expect(list.find((item) => item.articleId === id)?.tags).toEqual(article.tags);
  });

  it('refuses a tag outside the rules, naming it, and a fifth tag', async () => {
    for (const bad of ['has space', 'a'.repeat(31), 'emoji🙂', 'semi;colon', '']) {
      const res = await post({ title: 'Bad tag', content: 'x', tags: ['ok', bad] });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual(errorBody('bad_request', 'tags.invalid', { tag: bad }));
    }
    const five = await post({ title: 'Five', content: 'x', tags: ['a', 'b', 'c', 'd', 'e'] });
    expect(five.statusCode).toBe(400);
    expect(five.json()).toEqual(errorBody('bad_request', 'tags.tooMany', { max: 4 }));
    const notList = await post({ title: 'Not a list', content: 'x', tags: 'react' });
    expect(notList.statusCode).toBe(400);
  });

  it('an edit without tags keeps them; with tags replaces them', async () => {
    const id = await posted('Edited tags', ['postgresql', 'index']);
    const put = (payload: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/article/${id}`,
        headers: { cookie: session.cookie },
        payload: { title: 'Edited tags', content: 'changed', ...payload },
      });
    expect((await put({})).json<Article>().tags).toEqual(['postgresql', 'index']);
    expect((await put({ tags: ['vacuum'] })).json<Article>().tags).toEqual(['vacuum']);
  });
});

describe('tags of a draft', () => {
  it('are saved with the draft and posted with it', async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/blog/${blog.id}/drafts`,
      headers: { cookie: session.cookie },
      payload: { title: 'Draft with tags', content: 'Body.', tags: ['drafted', 'react'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json<{ draftId: number; version: number; tags: string[] }>();
    expect(draft.tags).toEqual(['drafted', 'react']);
    const published = await t.request({
      method: 'POST',
      url: `/api/draft/${draft.draftId}/publish`,
      headers: { cookie: session.cookie },
      payload: { version: draft.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    const { articleId } = published.json<{ articleId: number }>();
    expect((await get<Article>(`/api/article/breakthrough/${articleId}`)).tags).toEqual([
      'drafted',
      'react',
    ]);
  });
});

describe('finding by tag', () => {
  it('/api/tags suggests tags by prefix with counts; without q, the most used', async () => {
    await posted('Hooks one', ['hooks', 'frontend']);
    await posted('Hooks two', ['hooks']);
    await posted('Hooks three', ['hooks-testing']);
    expect(await get<TagCount[]>('/api/tags?q=HOO')).toEqual([
      { name: 'hooks', count: 2 },
      { name: 'hooks-testing', count: 1 },
    ]);
    expect(await get<TagCount[]>('/api/tags?q=%25')).toEqual([]);
    const popular = await get<TagCount[]>('/api/tags');
    expect(popular[0]).toEqual({ name: 'hooks', count: 2 });
  });

  it('search with tag= and no words lists the tag, newest first; with words, both', async () => {
    const first = await posted('Tag search one', ['pagination'], 'cursor paging');
    const second = await posted('Tag search two', ['pagination'], 'offset paging');
    const byTag = await get<SearchResult>('/api/search?tag=Pagination&sort=newest');
    expect(byTag.items.map((item) => item.articleId)).toEqual([second, first]);
    expect(byTag.items[0]?.tags).toEqual(['pagination']);
    const both = await get<SearchResult>('/api/search?tag=pagination&q=cursor');
    expect(both.items.map((item) => item.articleId)).toEqual([first]);
    // The tag's words are searched too (weight B).
    const words = await get<SearchResult>('/api/search?q=pagination');
    expect(words.total).toBe(2);
  });

  it('a search that finds nothing suggests the closest spelling of its words', async () => {
    await posted('Tuning autovacuum on busy tables', ['postgresql']);
    const typo = await get<SearchResult>('/api/search?q=autovacum%20postgresgl');
    expect(typo).toEqual({
      items: [],
      total: 0,
      totalIsLowerBound: false,
      suggestion: 'autovacuum postgresql',
    });
    const found = await get<SearchResult>('/api/search?q=autovacuum');
    expect(found.suggestion).toBeUndefined();
    const nothingClose = await get<SearchResult>('/api/search?q=zzqqxx');
    expect(nothingClose).toEqual({ items: [], total: 0, totalIsLowerBound: false });
  });

  it('a tag has its own RSS feed, and the sitemap lists tag pages', async () => {
    await posted('Feed me', ['rss-test']);
    const feed = await t.request({ method: 'GET', url: '/tag/rss-test/rss.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain('<title>Feed me</title>');
    expect(feed.body).toContain('/tag/rss-test/rss.xml');
    const sitemap = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/tag/rss-test</loc>');
  });
});

describe('related breakthroughs', () => {
  it('are computed when written: shared tags first, then similar words', async () => {
    const a = await posted('Index bloat in PostgreSQL', ['bloat', 'vacuum-x'], 'reindex helps');
    const b = await posted('Autovacuum thresholds', ['vacuum-x'], 'thresholds for tables');
    const c = await posted('Index bloat again', [], 'bloat came back after reindex');
    const d = await posted('Unrelated cooking', [], 'pasta recipes');
    await t.app.related.settled();
    const related = await get<ArticleListItem[]>(`/api/article/breakthrough/${a}/related`);
    const ids = related.map((item) => item.articleId);
    expect(ids[0]).toBe(b);
    expect(ids).toContain(c);
    expect(ids).not.toContain(d);
    expect(ids).not.toContain(a);
    expect(related.length).toBeLessThanOrEqual(5);
  });

  it('a breakthrough stored without one gets its list from the background pass', async () => {
    const lonely = await posted('Solitary', ['zzz-solo']);
    await t.app.related.settled();
    expect(await get<ArticleListItem[]>(`/api/article/breakthrough/${lonely}/related`)).toEqual([]);
    // Stored directly, as seeds and demo data are: no search document, no related list.
    const seeded = await createArticle(t, { blog, author: owner, title: 'Seeded solitary notes' });
    await t.database.db
      .update(articles)
      .set({ tags: ['zzz-solo'] })
      .where(eq(articles.id, seeded.id));
    await t.app.searchIndexer.runPass();
    expect(await t.app.related.runPass()).toBe(1);
    const related = await get<ArticleListItem[]>(`/api/article/breakthrough/${seeded.id}/related`);
    expect(related.map((item) => item.articleId)).toEqual([lonely]);
  });
});
