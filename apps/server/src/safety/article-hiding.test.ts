import type { Article, ArticleListItem } from '@repolog/contract/articles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser, signIn, type Session } from '../test/factories.js';

let t: TestApp;
let author: Session;
let moderator: Session;
let reader: Session;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_LOGINS: 'mod-of-articles' } });
  const authorUser = await createUser(t);
  author = await signIn(t, authorUser);
  moderator = await signIn(t, await createUser(t, { userName: 'mod-of-articles' }));
  reader = await signIn(t, await createUser(t));
});
afterAll(() => t.close());

const get = (url: string, session?: Session) =>
  t.request({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

describe('a hidden breakthrough', () => {
  it('is gone from its page, the lists, the feeds and the sitemap; restore brings it back', async () => {
    const authorUser = { id: author.userId, userName: author.userName };
    const blog = await createBlog(t, { owner: authorUser });
    const title = 'Unique title for hiding';
    const article = await createArticle(t, { blog, author: authorUser, title });
    const page = `/api/article/breakthrough/${article.id}`;
    const listed = async () =>
      (await get(`/api/article/breakthrough?q=${encodeURIComponent(title)}`))
        .json<ArticleListItem[]>()
        .map((item) => item.articleId);
    expect(await listed()).toEqual([article.id]);
    expect((await get('/rss.xml')).body).toContain(title);

    await t.request({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: reader.cookie },
      payload: { targetType: 'article', targetId: article.id, reason: 'spam' },
    });
    const hide = await t.request({
      method: 'POST',
      url: '/api/admin/actions',
      headers: { cookie: moderator.cookie },
      payload: { action: 'hide', targetType: 'article', targetId: article.id, reason: 'Spam' },
    });
    expect(hide.statusCode).toBe(200);

    expect((await get(page)).statusCode).toBe(404);
    expect((await get(page, reader)).statusCode).toBe(404);
    const own = await get(page, author);
    expect(own.statusCode).toBe(200);
    expect(own.json<Article>().hidden).toEqual({ reason: 'Spam' });
    expect(await listed()).toEqual([]);
    expect((await get('/rss.xml')).body).not.toContain(title);
    expect((await get('/sitemap.xml')).body).not.toContain(`/breakthrough/${article.id}<`);

    await t.request({
      method: 'POST',
      url: '/api/admin/actions',
      headers: { cookie: moderator.cookie },
      payload: { action: 'restore', targetType: 'article', targetId: article.id, reason: 'Fine' },
    });
    const back = await get(page);
    expect(back.statusCode).toBe(200);
    expect(back.json<Article>().hidden).toBeUndefined();
    expect(await listed()).toEqual([article.id]);
    expect((await get('/rss.xml')).body).toContain(title);
  });
});
