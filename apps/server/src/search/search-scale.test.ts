import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP, type SearchResult } from '@repolog/contract/search';
import { articles } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { addLike } from '../test/article-factories.js';
import { createArticle, createBlog, createUser, type BlogRow } from '../test/factories.js';
import { ANALYZER_VERSION } from './analyzer.js';

/*
 * Search at scale (issue 21): where the words are decides the order before likes and freshness
 * do (title, then tags, then problem/solution, then the rest), and the count stops at
 * SEARCH_TOTAL_CAP, saying so. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let blog: BlogRow;
const id: Record<string, number> = {};

const found = async (q: string, extra: Record<string, string> = {}) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/search?${new URLSearchParams({ q, ...extra }).toString()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>();
};

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t, { userName: 'scale-owner' });
  blog = await createBlog(t, { owner, name: 'Scale Lab' });
  const write = async (title: string, fields: Record<string, unknown> = {}) =>
    (await createArticle(t, { blog, author: owner, title, ...fields })).id;
  // Oldest first: the body match is the newest and the most liked, and still ranks last.
  id.title = await write('Sharding notes', { content: 'Nothing else.' });
  id.problem = await write('Week two', { problem: 'sharding broke the joins' });
  id.body = await write('Week three', { content: 'We tried sharding once.' });
  id.tags = await write('Week one', { content: 'Nothing.' });
  await t.database.db
    .update(articles)
    .set({ tags: ['sharding'] })
    .where(eq(articles.id, id.tags));
  for (let n = 0; n < 5; n += 1) {
    const fan = await createUser(t, { userName: `scale-fan-${n}` });
    await addLike(t, { userId: fan.id, articleId: id.body });
  }
  await t.app.searchIndexer.runPass();
  // More breakthroughs holding one word than the count goes to, indexed as the pass would.
  await t.database.db.execute(sql`
    with made as (
      insert into articles (blog_id, title, content, created_at, updated_at)
      select ${blog.id}, 'Crowded ' || n, 'plentiful', now() - n * interval '1 minute', now()
      from generate_series(1, ${SEARCH_TOTAL_CAP + 5}) n
      returning id
    )
    insert into article_search (article_id, document, text, analyzer_version)
    select id, '''crowd'':1A ''plenti'':2', 'plentiful', ${ANALYZER_VERSION} from made`);
});
afterAll(() => t.close());

describe('ranking by where the words are', () => {
  it('puts title above tags above problem/solution above body, whatever the likes', async () => {
    const result = await found('sharding');
    expect(result.items.map((item) => item.articleId)).toEqual([
      id.title,
      id.tags,
      id.problem,
      id.body,
    ]);
    expect(result).toMatchObject({ total: 4, totalIsLowerBound: false });
  });

  it('a title holding only one of two words is not a title match', async () => {
    const result = await found('sharding joins');
    expect(result.items.map((item) => item.articleId)).toEqual([id.problem]);
  });
});

describe('a word matching more than the count goes to', () => {
  it('says at least SEARCH_TOTAL_CAP, and its pages reach that far', async () => {
    for (const q of ['plentiful', 'crowded']) {
      const first = await found(q);
      expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, totalIsLowerBound: true });
      expect(first.items).toHaveLength(10);
      const last = await found(q, { page: String(SEARCH_TOTAL_CAP / 10) });
      expect(last.items).toHaveLength(10);
    }
  });

  it('counts to the cap in every order', async () => {
    for (const sort of ['newest', 'likes']) {
      expect(await found('plentiful', { sort })).toMatchObject({
        total: SEARCH_TOTAL_CAP,
        totalIsLowerBound: true,
      });
    }
  });

  it('puts the newest first among body matches of equal likes', async () => {
    const result = await found('plentiful');
    const created = result.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });
});
