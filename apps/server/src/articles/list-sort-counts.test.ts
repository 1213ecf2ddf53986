import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArticleListItem, HomeArticle } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { Comment } from '@repolog/contract/comments';
import { buildTestApp, type TestApp } from '../test/app.js';
import { addLike } from '../test/article-factories.js';
import { postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';
import { LIKED_ID_LIST_TTL_MS, LIST_CACHE_MS } from './breakthrough-lists.js';

let t: TestApp;
let owner: UserRow;
let ownerSession: Session;
let readers: { user: UserRow; session: Session }[];
let blog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t);
  ownerSession = await signIn(t, owner);
  readers = [];
  for (let i = 0; i < 3; i += 1) {
    const user = await createUser(t);
    readers.push({ user, session: await signIn(t, user) });
  }
  blog = await createBlog(t, { owner, name: 'Sorting Team' });
  await createBlog(t, { owner, id: 39, name: 'Repolog Official' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** A word no other test uses, so list assertions see only their own rows. */
const token = () => `srt${randomBytes(4).toString('hex')}`;

const reader = (i: number) => {
  const found = readers[i];
  if (!found) throw new Error(`no reader ${i}`);
  return found;
};

const list = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/article/breakthrough?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { res, items: res.json<ArticleListItem[]>() };
};
const titles = async (query: string) => (await list(query)).items.map((item) => item.title);

const like = async (session: Session, articleId: number) => {
  const res = await t.request({
    method: 'PUT',
    url: `/api/article/${articleId}/like`,
    headers: { cookie: session.cookie },
    payload: { articleId },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/**
 * Three breakthroughs of one word: 'old' (2 likes, Kotlin), 'mid' (none, Kotlin), 'new' (1 like).
 */
async function threeLiked(word: string): Promise<Record<'old' | 'mid' | 'new', ArticleRow>> {
  const make = (name: string, secondsAgo: number, about: string | null) =>
    createArticle(t, {
      blog,
      author: owner,
      title: `${word} ${name}`,
      about,
      createdAt: new Date(Date.now() - secondsAgo * 1000),
    });
  const made = {
    old: await make('old', 30, 'Kotlin'),
    mid: await make('mid', 20, 'Kotlin'),
    new: await make('new', 10, null),
  };
  await addLike(t, { userId: reader(0).user.id, articleId: made.old.id });
  await addLike(t, { userId: reader(1).user.id, articleId: made.old.id });
  await addLike(t, { userId: reader(0).user.id, articleId: made.new.id });
  return made;
}

describe('GET /api/article/breakthrough?sort=', () => {
  it('lists newest first by default and with sort=latest, most liked first (then newest) with sort=likes', async () => {
    const word = token();
    await threeLiked(word);
    // Without likes too, and older than 'mid': among those without likes, the newer first.
    await createArticle(t, {
      blog,
      author: owner,
      title: `${word} oldest`,
      createdAt: new Date(Date.now() - 60_000),
    });
    const newest = [`${word} new`, `${word} mid`, `${word} old`, `${word} oldest`];
    expect(await titles(`q=${word}`)).toEqual(newest);
    expect(await titles(`q=${word}&sort=latest`)).toEqual(newest);
    expect(await titles(`q=${word}&sort=likes`)).toEqual([
      `${word} old`,
      `${word} new`,
      `${word} mid`,
      `${word} oldest`,
    ]);
  });

  it('pages and filters by language in the chosen order, and its Link header keeps the order', async () => {
    const word = token();
    await threeLiked(word);
    const second = await list(`q=${word}&sort=likes&page=2&size=1`);
    expect(second.items.map((item) => item.title)).toEqual([`${word} new`]);
    expect(second.res.headers['x-total-count']).toBe('3');
    const link = String(second.res.headers.link);
    expect(link).toContain('sort=likes');
    expect(link).toMatch(/page=3[^>]*>; rel="next"/);
    expect(await titles(`q=${word}&sort=likes&lang=kotlin`)).toEqual([
      `${word} old`,
      `${word} mid`,
    ]);
    expect(await titles(`q=${word}&sort=latest&lang=kotlin`)).toEqual([
      `${word} mid`,
      `${word} old`,
    ]);
  });

  it('refuses an unknown order with a 400 that names the allowed ones', async () => {
    for (const bad of ['popular', 'LIKES', '']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/article/breakthrough?sort=${bad}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string; message: string }>()).toEqual({
        error: 'validation_failed',
        message: 'querystring.sort: sort must be one of: latest, likes',
        key: 'validation.oneOf',
        params: { name: 'sort', options: 'latest, likes' },
        field: 'querystring.sort',
      });
    }
  });

  it('leaves the official notices out in either order', async () => {
    const word = token();
    const notice = await createArticle(t, {
      blog: { id: 39 },
      author: owner,
      title: `${word} notice`,
    });
    await addLike(t, { userId: reader(0).user.id, articleId: notice.id });
    await createArticle(t, { blog, author: owner, title: `${word} listed` });
    expect(await titles(`q=${word}&sort=likes`)).toEqual([`${word} listed`]);
  });

  it('takes a new breakthrough into the lists sorted by likes at once, and lets a deleted one go', async () => {
    const word = token();
    await threeLiked(word);
    expect(await titles(`q=${word}&sort=likes`)).toHaveLength(3);
    const posted = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: ownerSession.cookie },
      payload: { blogId: blog.id, title: `${word} posted`, content: 'x' },
    });
    expect(posted.statusCode).toBe(200);
    // No likes yet: before the others without likes, since it is the newest of them.
    expect(await titles(`q=${word}&sort=likes`)).toEqual([
      `${word} old`,
      `${word} new`,
      `${word} posted`,
      `${word} mid`,
    ]);
    const { articleId } = posted.json<{ articleId: number }>();
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/article/${articleId}`,
      headers: { cookie: ownerSession.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect(await titles(`q=${word}&sort=likes`)).toHaveLength(3);
  });

  it('moves a breakthrough up once its likes pass the others, when the cached order expires', async () => {
    const word = token();
    const made = await threeLiked(word);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await titles(`q=${word}&sort=likes`))[0]).toBe(`${word} old`);
    for (const i of [0, 1, 2]) await like(reader(i).session, made.mid.id);
    // Within the cached order's life the list may still show the old order; past it, the order
    // is read again (in the background: the reader right then may still get the old one).
    vi.setSystemTime(Date.now() + LIKED_ID_LIST_TTL_MS + 1);
    await expect
      .poll(
        async () => {
          vi.setSystemTime(Date.now() + LIST_CACHE_MS + 1);
          return (await titles(`q=${word}&sort=likes`))[0];
        },
        { interval: 50 },
      )
      .toBe(`${word} mid`);
  });
});

describe('like and comment counts on list items', () => {
  const itemOf = async (query: string, articleId: number) =>
    (await list(query)).items.find((item) => item.articleId === articleId);

  it('come with every item, from the stored counters, and follow likes and comments once the cache expires', async () => {
    const word = token();
    const article = await createArticle(t, { blog, author: owner, title: `${word} counted` });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await itemOf(`q=${word}`, article.id)).toMatchObject({
      likeCount: 0,
      commentCount: 0,
    });

    await like(reader(0).session, article.id);
    await like(reader(1).session, article.id);
    await postComment(t, reader(0).session, article.id, 'First!');
    const second = await postComment(t, reader(1).session, article.id, 'Second.');
    // The page is reused for LIST_CACHE_MS...
    expect(await itemOf(`q=${word}`, article.id)).toMatchObject({
      likeCount: 0,
      commentCount: 0,
    });
    // ...then read again, with the new numbers (in either order).
    vi.setSystemTime(Date.now() + LIST_CACHE_MS + 1);
    expect(await itemOf(`q=${word}`, article.id)).toMatchObject({
      likeCount: 2,
      commentCount: 2,
    });
    expect(await itemOf(`q=${word}&sort=likes`, article.id)).toMatchObject({
      likeCount: 2,
      commentCount: 2,
    });

    // An unlike and a deleted comment count down.
    await like(reader(0).session, article.id);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/comment/${article.id}/${second.commentId}`,
      headers: { cookie: reader(1).session.cookie },
    });
    expect(removed.statusCode).toBe(200);
    vi.setSystemTime(Date.now() + LIST_CACHE_MS + 1);
    expect(await itemOf(`q=${word}`, article.id)).toMatchObject({
      likeCount: 1,
      commentCount: 1,
    });
  });

  it("show on the blog page's breakthroughs, the home strip and the liked list", async () => {
    const word = token();
    const article = await createArticle(t, { blog, author: owner, title: `${word} everywhere` });
    await like(reader(2).session, article.id);
    await postComment(t, reader(2).session, article.id, 'Seen it everywhere.');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5000 });

    const blogPage = await t.request({ method: 'GET', url: `/api/blog/non-member/${blog.id}` });
    expect(
      blogPage.json<Blog>().break_throughs.find((a) => a.articleId === article.id),
    ).toMatchObject({ likeCount: 1, commentCount: 1 });

    const home = await t.request({ method: 'GET', url: '/api/home/article' });
    expect(home.json<HomeArticle[]>().find((a) => a.articleId === article.id)).toMatchObject({
      likeCount: 1,
      commentCount: 1,
    });

    const liked = await t.request({
      method: 'GET',
      url: `/api/home/article/like?q=${word}`,
      headers: { cookie: reader(2).session.cookie },
    });
    expect(liked.json<ArticleListItem[]>()).toMatchObject([
      { articleId: article.id, likeCount: 1, commentCount: 1 },
    ]);
  });

  it('stay exact when an account and its comments go, and when a commented breakthrough is deleted', async () => {
    const word = token();
    const article = await createArticle(t, { blog, author: owner, title: `${word} survivor` });
    const leaver = await createUser(t);
    const leaverSession = await signIn(t, leaver);
    await postComment(t, leaverSession, article.id, 'One.');
    await postComment(t, leaverSession, article.id, 'Two.');
    await postComment(t, reader(0).session, article.id, 'Staying.');
    const deleted = await t.request({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { cookie: leaverSession.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5000 });
    expect(await itemOf(`q=${word}`, article.id)).toMatchObject({ commentCount: 1 });
    const comments = await t.request({ method: 'GET', url: `/api/comment/comments/${article.id}` });
    expect(comments.json<Comment[]>()).toHaveLength(1);

    const gone = await t.request({
      method: 'DELETE',
      url: `/api/article/${article.id}`,
      headers: { cookie: ownerSession.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect(await itemOf(`q=${word}`, article.id)).toBeUndefined();
  });
});
