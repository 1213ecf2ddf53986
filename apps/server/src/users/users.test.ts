import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem } from '@repolog/contract/articles';
import type { UserProfile } from '@repolog/contract/users';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { addLike } from '../test/article-factories.js';
import { postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

let t: TestApp;
let writer: UserRow;
let writerSession: Session;
let other: UserRow;
let own: BlogRow;
let joined: BlogRow;

const get = (url: string) => t.request({ method: 'GET', url });
const profileOf = async (login: string) => {
  const res = await get(`/api/user/${login}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UserProfile>();
};

beforeAll(async () => {
  t = await buildTestApp();
  writer = await createUser(t, { userName: 'Mina-Writes' });
  writerSession = await signIn(t, writer);
  other = await createUser(t);
  // Names chosen so that "owned first, then by name" differs from plain name order.
  own = await createBlog(t, { owner: writer, name: 'Zeta Notes' });
  joined = await createBlog(t, { owner: other, members: [writer], name: 'Alpha Team' });
  await createBlog(t, { owner: other, name: 'Not Hers' });
});
afterAll(() => t.close());

describe('GET /api/user/{login}', () => {
  it('shows who the user is, the blogs they belong to and what they did', async () => {
    const first = await createArticle(t, { blog: own, author: writer });
    const second = await createArticle(t, { blog: joined, author: writer });
    const someoneElses = await createArticle(t, { blog: joined, author: other });
    await addLike(t, { userId: other.id, articleId: first.id });
    await addLike(t, { userId: (await createUser(t)).id, articleId: first.id });
    await addLike(t, { userId: other.id, articleId: second.id });
    await addLike(t, { userId: writer.id, articleId: someoneElses.id });
    await postComment(t, writerSession, someoneElses.id, 'Mine, on theirs');
    await postComment(t, writerSession, first.id, 'Mine, on mine');
    await postComment(t, await signIn(t, other), first.id, 'Theirs, on mine');

    expect(await profileOf('Mina-Writes')).toEqual({
      userId: writer.id,
      login: 'Mina-Writes',
      name: null,
      avatarUrl: null,
      blogs: [
        { blogId: own.id, blogName: 'Zeta Notes', owner: true },
        { blogId: joined.id, blogName: 'Alpha Team', owner: false },
      ],
      counts: { breakthroughs: 2, likesReceived: 3, comments: 2 },
    });
  });

  it('counts a new comment at once, though profiles are kept a moment', async () => {
    const before = (await profileOf('Mina-Writes')).counts.comments;
    const article = await createArticle(t, { blog: own, author: other });
    await postComment(t, writerSession, article.id, 'Counted right away');
    expect((await profileOf('mina-writes')).counts.comments).toBe(before + 1);
  });

  it('finds the login whatever its case, and answers with GitHub’s spelling', async () => {
    const lower = await profileOf('mina-writes');
    expect(lower.login).toBe('Mina-Writes');
    expect(lower.userId).toBe(writer.id);
    expect((await profileOf('MINA-WRITES')).userId).toBe(writer.id);
  });

  it('carries the GitHub name and avatar of a user who signed in', async () => {
    const dana = await loginWithGitHub(t, 'dana-kim');
    const profile = await profileOf('dana-kim');
    expect(profile.userId).toBe(dana.userId);
    expect(profile.name).toEqual(expect.any(String));
    expect(profile.name).not.toBe('');
    expect(profile.avatarUrl).toMatch(/^http:\/\/localhost:3000\/__github\/avatars\/u\/\d+/);
    expect(profile.blogs).toEqual([]);
    expect(profile.counts).toEqual({ breakthroughs: 0, likesReceived: 0, comments: 0 });
  });

  it('answers an unknown login with 404 and a message naming it', async () => {
    const res = await get('/api/user/nobody-here-at-all');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: "No user with the login 'nobody-here-at-all' is known to Repolog.",
      key: 'users.notFound',
      params: { login: 'nobody-here-at-all' },
    });
  });

  it('refuses what cannot be a GitHub login with 400', async () => {
    for (const login of ['-dash-first', 'double--dash', 'dot.name', 'a'.repeat(40), '%20']) {
      const res = await get(`/api/user/${login}`);
      expect(res.statusCode, login).toBe(400);
      expect(res.json<{ message: string }>().message, login).toMatch(
        /^params\.login: login must be a GitHub login/,
      );
    }
    expect((await get(`/api/user/${'a'.repeat(39)}`)).statusCode).toBe(404);
  });
});

describe('GET /api/user/{login}/breakthroughs', () => {
  let author: UserRow;
  let login: string;
  const titles: string[] = [];

  beforeAll(async () => {
    author = await createUser(t);
    login = author.userName;
    const blog = await createBlog(t, { owner: author });
    const team = await createBlog(t, { owner: other, members: [author] });
    for (let n = 1; n <= 12; n += 1) {
      const title = `${login} note ${String(n).padStart(2, '0')}`;
      titles.push(title);
      await createArticle(t, {
        blog: n % 2 === 0 ? team : blog,
        author,
        title,
        about: n === 12 ? 'Kotlin' : null,
        createdAt: new Date(Date.now() - (20 - n) * 1000),
      });
    }
    // Someone else's, in the same blog: not hers.
    await createArticle(t, { blog: team, author: other, title: `${login} by someone else` });
  });

  const page = async (query: string, who = login) => {
    const res = await get(`/api/user/${who}/breakthroughs${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, items: res.json<ArticleListItem[]>() };
  };

  it('pages newest first with X-Total-Count and a Link header, like the other lists', async () => {
    const base = `${TEST_ORIGIN}/api/user/${login}/breakthroughs`;
    const first = await page('?page=1&size=10');
    expect(first.items.map((item) => item.title)).toEqual(titles.slice(2).reverse());
    expect(first.res.headers['x-total-count']).toBe('12');
    expect(first.res.headers.link).toBe(
      [`<${base}?page=2&size=10>; rel="next"`, `<${base}?page=2&size=10>; rel="last"`].join(', '),
    );

    const second = await page('?page=2&size=10');
    expect(second.items.map((item) => item.title)).toEqual([titles[1], titles[0]]);
    expect(second.res.headers.link).toBe(
      [`<${base}?page=1&size=10>; rel="first"`, `<${base}?page=1&size=10>; rel="prev"`].join(', '),
    );

    // The page size defaults to the list's 10; without a page, the spec's "all".
    expect((await page('?page=1')).items).toHaveLength(10);
    const all = await page('');
    expect(all.items).toHaveLength(12);
    expect(all.res.headers['x-total-count']).toBe('12');
    expect(all.res.headers.link).toBeUndefined();
  });

  it('shows each item exactly as the breakthrough list does', async () => {
    const newest = titles[11] ?? '';
    const [mine] = (await page('?page=1&size=1')).items;
    const listed = await get(`/api/article/breakthrough?q=${encodeURIComponent(newest)}`);
    expect(listed.json<ArticleListItem[]>()).toEqual([mine]);
    expect(mine).toMatchObject({ title: newest, about: 'Kotlin' });
  });

  it('finds the login whatever its case', async () => {
    const upper = await page('?page=1&size=3', login.toUpperCase());
    expect(upper.items.map((item) => item.title)).toEqual(titles.slice(9).reverse());
    expect(upper.res.headers['x-total-count']).toBe('12');
  });

  it('is empty, with a total of 0, for someone who wrote nothing', async () => {
    const quiet = await createUser(t);
    const { items, res } = await page('?page=1&size=10', quiet.userName);
    expect(items).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('answers an unknown login with 404, and a bad login or page with 400', async () => {
    const missing = await get('/api/user/nobody-here-at-all/breakthroughs?page=1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(
      "No user with the login 'nobody-here-at-all' is known to Repolog.",
    );
    const cases: [string, RegExp][] = [
      [`/api/user/bad_login/breakthroughs`, /^params\.login: /],
      [`/api/user/${login}/breakthroughs?page=0`, /^querystring\.page: page must be a positive/],
      [`/api/user/${login}/breakthroughs?page=two`, /^querystring\.page: page must be a number/],
      [`/api/user/${login}/breakthroughs?page=1&size=0`, /^querystring\.size: size must be/],
      [`/api/user/${login}/breakthroughs?page=1&size=1001`, /^querystring\.size: size must be/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message, url).toMatch(message);
    }
  });
});
