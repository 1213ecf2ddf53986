import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '@repolog/contract/stats';
import { buildTestApp, type TestApp } from '../test/app.js';
import { addLike } from '../test/article-factories.js';
import { addFavorite } from '../test/blog-factories.js';
import { postComment } from '../test/comment-factories.js';
import { openSharedTestDatabases } from '../test/database.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type BlogRow,
  type Session,
} from '../test/factories.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const today = () => new Date().toISOString().slice(0, 10);

/** A reader's beacon, from their own address and browser. */
const beacon = (
  t: TestApp,
  kind: 'view' | 'read',
  articleId: number,
  reader: { address?: string; agent?: string; referrer?: string } = {},
) =>
  t.request({
    method: 'POST',
    url: `/api/stats/${kind}`,
    remoteAddress: reader.address ?? '203.0.113.1',
    headers: { 'user-agent': reader.agent ?? CHROME },
    payload: { articleId, ...(reader.referrer === undefined ? {} : { referrer: reader.referrer }) },
  });

const statsOf = async (t: TestApp, session: Session, path: string): Promise<Stats> => {
  const res = await t.request({ method: 'GET', url: path, headers: { cookie: session.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Stats>();
};
const todayOf = (stats: Stats) => stats.days.find((day) => day.date === today());

describe('stats of a breakthrough and its blog', () => {
  let t: TestApp;
  let owner: Session;
  let blog: BlogRow;
  let article: ArticleRow;
  beforeAll(async () => {
    // Flushed by the tests themselves, so what they see does not depend on timing.
    t = await buildTestApp({ env: { STATS_FLUSH_MS: '3600000' } });
    const writer = await createUser(t);
    owner = await signIn(t, writer);
    blog = await createBlog(t, { owner: writer });
    article = await createArticle(t, { blog, author: writer, title: 'Counted' });
  });
  afterAll(() => t.close());

  it('counts each reader once, bots apart, reads, and referrers by domain only', async () => {
    for (const reader of [
      { address: '198.51.100.1', referrer: 'https://www.google.com/search?q=secret+words' },
      { address: '198.51.100.1', referrer: 'https://www.google.com/search?q=again' },
      { address: '198.51.100.2', referrer: 'https://news.ycombinator.com/item?id=42' },
      { address: '198.51.100.3' },
      { address: '66.249.66.1', agent: BINGBOT },
      { address: '66.249.66.1', agent: BINGBOT },
    ]) {
      expect((await beacon(t, 'view', article.id, reader)).statusCode).toBe(204);
    }
    await beacon(t, 'read', article.id, { address: '198.51.100.1' });
    await beacon(t, 'read', article.id, { address: '198.51.100.1' });
    // Nothing is written per view: the aggregates change only when the instance flushes.
    expect(
      todayOf(await statsOf(t, owner, `/api/stats/articles/${article.id}?days=7`))?.views,
    ).toBe(0);
    await t.app.viewCounter.flush();

    const stats = await statsOf(t, owner, `/api/stats/articles/${article.id}?days=7`);
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)?.date).toBe(today());
    expect(todayOf(stats)).toMatchObject({ views: 3, reads: 1 });
    expect(stats.botViews).toBe(2);
    expect(stats.referrers).toEqual([
      { domain: 'direct', views: 1 },
      { domain: 'google.com', views: 1 },
      { domain: 'news.ycombinator.com', views: 1 },
    ]);
    const blogStats = await statsOf(t, owner, `/api/stats/blogs/${blog.id}?days=30`);
    expect(blogStats.days).toHaveLength(30);
    expect(todayOf(blogStats)).toMatchObject({ views: 3, reads: 1 });
    expect(blogStats.topArticles).toEqual([
      { articleId: article.id, title: 'Counted', views: 3, reads: 1 },
    ]);
    expect(JSON.stringify(blogStats)).not.toContain('secret');
  });

  it('shows likes, comments and favorites on the days they were given', async () => {
    const fan = await createUser(t);
    const fanSession = await signIn(t, fan);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await addLike(t, { userId: fan.id, articleId: article.id, at: twoDaysAgo });
    await postComment(t, fanSession, article.id);
    await addFavorite(t, { user: fan, blog });
    const stats = await statsOf(t, owner, `/api/stats/blogs/${blog.id}?days=7`);
    const day = (date: Date) => stats.days.find((d) => d.date === date.toISOString().slice(0, 10));
    expect(day(twoDaysAgo)).toMatchObject({ likes: 1 });
    expect(todayOf(stats)).toMatchObject({ comments: 1, favorites: 1 });
    const articleStats = await statsOf(t, owner, `/api/stats/articles/${article.id}?days=365`);
    expect(articleStats.days).toHaveLength(365);
    expect(articleStats.days.reduce((sum, d) => sum + d.likes, 0)).toBe(1);
  });

  it('is for the blog’s members only', async () => {
    const stranger = await signIn(t, await createUser(t));
    const visitor = await t.request({ method: 'GET', url: `/api/stats/blogs/${blog.id}` });
    expect(visitor.statusCode).toBe(401);
    for (const url of [`/api/stats/blogs/${blog.id}`, `/api/stats/articles/${article.id}`]) {
      const res = await t.request({ method: 'GET', url, headers: { cookie: stranger.cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ key: 'stats.membersOnly' });
    }
    const missing = await t.request({
      method: 'GET',
      url: '/api/stats/articles/999999',
      headers: { cookie: owner.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const badPeriod = await t.request({
      method: 'GET',
      url: `/api/stats/blogs/${blog.id}?days=9`,
      headers: { cookie: owner.cookie },
    });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json()).toMatchObject({ key: 'validation.oneOf', field: 'querystring.days' });
  });

  it('drops views of breakthroughs that do not exist when it flushes', async () => {
    expect((await beacon(t, 'view', 999_999)).statusCode).toBe(204);
    await t.app.viewCounter.flush();
    expect(t.app.viewCounter.stats().pending).toBe(0);
  });
});

describe('counting on several instances', () => {
  it('adds up exactly: two instances on one database, flushing at once, many rounds', async () => {
    const { first, second, close } = await openSharedTestDatabases();
    const a = await buildTestApp({ database: first, env: { STATS_FLUSH_MS: '3600000' } });
    const b = await buildTestApp({ database: second, env: { STATS_FLUSH_MS: '3600000' } });
    try {
      const writer = await createUser(a);
      const session = await signIn(a, writer);
      const blog = await createBlog(a, { owner: writer });
      const one = await createArticle(a, { blog, author: writer });
      const two = await createArticle(a, { blog, author: writer });
      let sent = 0;
      for (let round = 0; round < 5; round += 1) {
        await Promise.all(
          [a, b].flatMap((app, instance) =>
            Array.from({ length: 20 }, (_, n) =>
              beacon(app, 'view', n % 2 ? one.id : two.id, {
                address: `10.${round}.${instance}.${n}`,
              }),
            ),
          ),
        );
        sent += 40;
        await Promise.all([a.app.viewCounter.flush(), b.app.viewCounter.flush()]);
      }
      const blogStats = await statsOf(a, session, `/api/stats/blogs/${blog.id}?days=7`);
      expect(todayOf(blogStats)?.views).toBe(sent);
      const counts = await Promise.all(
        [one, two].map(
          async (x) =>
            todayOf(await statsOf(b, session, `/api/stats/articles/${x.id}?days=7`))?.views,
        ),
      );
      expect(counts).toEqual([sent / 2, sent / 2]);
    } finally {
      await a.close();
      await b.close();
      await close();
    }
  });

  it('flushes by itself every STATS_FLUSH_MS', async () => {
    const t = await buildTestApp({ env: { STATS_FLUSH_MS: '50' } });
    try {
      const writer = await createUser(t);
      const session = await signIn(t, writer);
      const blog = await createBlog(t, { owner: writer });
      const article = await createArticle(t, { blog, author: writer });
      await beacon(t, 'view', article.id);
      await expect
        .poll(
          async () =>
            todayOf(await statsOf(t, session, `/api/stats/blogs/${blog.id}?days=7`))?.views,
        )
        .toBe(1);
    } finally {
      await t.close();
    }
  });
});
