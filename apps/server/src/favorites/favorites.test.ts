import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Blog, BlogCard, FavoriteResult } from '@repolog/contract/blogs';
import { favorites } from '../db/schema.js';
import { HOME_BLOGS_TTL_MS } from './favorites.service.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { addFavorite } from '../test/blog-factories.js';
import { createBlog, createUser, signIn, type Session, type UserRow } from '../test/factories.js';

interface ErrorBody {
  error: string;
  message: string;
}

describe('favorites API', () => {
  let t: TestApp;
  let owner: UserRow;
  let fan: Session;

  const get = (url: string, session?: Session) =>
    t.request({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });
  const toggle = (blogId: number | string, session?: Session, payload?: object) =>
    t.request({
      method: 'PUT',
      url: `/api/blog/${blogId}/favorites`,
      headers: session ? { cookie: session.cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const newSession = async () => signIn(t, await createUser(t));
  const rowsFor = async (blogId: number) =>
    t.database.db.select().from(favorites).where(eq(favorites.blogId, blogId));

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t);
    fan = await newSession();
  });
  afterAll(() => t.close());

  describe('PUT /api/blog/{blogId}/favorites', () => {
    it('the fan sees their own star at once, though the blog page view is shared and warm', async () => {
      const blog = await createBlog(t, { owner });
      const reader = await newSession();
      expect((await get(`/api/blog/non-member/${blog.id}`)).json<Blog>()).toMatchObject({
        fav_button: false,
        fav_count: 0,
      });
      expect((await get(`/api/blog/${blog.id}`, reader)).json<Blog>()).toMatchObject({
        fav_button: false,
        fav_count: 0,
      });
      expect((await toggle(blog.id, reader, {})).statusCode).toBe(200);
      expect((await get(`/api/blog/${blog.id}`, reader)).json<Blog>()).toMatchObject({
        blog_id: blog.id,
        fav_button: true,
        fav_count: 1,
      });
      expect((await get(`/api/blog/${blog.id}`, fan)).json<Blog>()).toMatchObject({
        fav_button: false,
        fav_count: 1,
      });
    });

    it('toggles the caller’s favorite and reports the count', async () => {
      const blog = await createBlog(t, { owner });
      const on = await toggle(blog.id, fan, { blogId: blog.id });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ fav_button: true, fav_count: 1 });

      const seen = (await get(`/api/blog/${blog.id}`, fan)).json<Blog>();
      expect(seen).toMatchObject({ fav_button: true, fav_count: 1 });
      const byVisitor = (await get(`/api/blog/non-member/${blog.id}`)).json<Blog>();
      expect(byVisitor).toMatchObject({ fav_button: false, fav_count: 1 });

      const other = await newSession();
      expect((await toggle(blog.id, other, { blogId: String(blog.id) })).json()).toEqual({
        fav_button: true,
        fav_count: 2,
      });

      const off = await toggle(blog.id, fan, { blogId: blog.id });
      expect(off.json()).toEqual({ fav_button: false, fav_count: 1 });
      expect((await get(`/api/blog/${blog.id}`, fan)).json<Blog>()).toMatchObject({
        fav_button: false,
        fav_count: 1,
      });
    });

    it('works without a body', async () => {
      const blog = await createBlog(t, { owner });
      const res = await toggle(blog.id, fan);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ fav_button: true, fav_count: 1 });
    });

    it('refuses a body blogId that differs from the path', async () => {
      const blog = await createBlog(t, { owner });
      const res = await toggle(blog.id, fan, { blogId: blog.id + 1000 });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe(
        `blogId in the body (${blog.id + 1000}) must match the blog in the path (${blog.id}).`,
      );
      expect(await rowsFor(blog.id)).toHaveLength(0);
    });

    it('is 401 for visitors, 404 for an unknown blog, 400 for a bad id', async () => {
      const blog = await createBlog(t, { owner });
      expect((await toggle(blog.id, undefined, { blogId: blog.id })).statusCode).toBe(401);
      const missing = await toggle(987654, fan, { blogId: 987654 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<ErrorBody>().message).toBe('Blog 987654 was not found.');
      expect((await toggle('abc', fan)).statusCode).toBe(400);
    });

    it('counts 20 people favoriting one blog at the same moment exactly', async () => {
      const blog = await createBlog(t, { owner });
      const people = await Promise.all(Array.from({ length: 20 }, () => newSession()));
      const results = await Promise.all(
        people.map((person) => toggle(blog.id, person, { blogId: blog.id })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(results.every((r) => r.json<FavoriteResult>().fav_button)).toBe(true);
      expect((await get(`/api/blog/non-member/${blog.id}`)).json<Blog>().fav_count).toBe(20);
      expect(await rowsFor(blog.id)).toHaveLength(20);
    });

    it('stays consistent when one person fires 10 toggles at once', async () => {
      const blog = await createBlog(t, { owner });
      const clicker = await newSession();
      const bystander = await newSession();
      await toggle(blog.id, bystander);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => toggle(blog.id, clicker, { blogId: blog.id })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
      const mine = await t.database.db
        .select()
        .from(favorites)
        .where(and(eq(favorites.blogId, blog.id), eq(favorites.userId, clicker.userId)));
      const after = (await get(`/api/blog/${blog.id}`, clicker)).json<Blog>();
      expect(after.fav_count).toBe((await rowsFor(blog.id)).length);
      expect(after.fav_count).toBe(1 + mine.length);
      expect(after.fav_button).toBe(mine.length === 1);
      // Every answer was a true state of the table at its moment: 1 or 2 favorites.
      for (const r of results) {
        const body = r.json<FavoriteResult>();
        expect(body.fav_count).toBe(body.fav_button ? 2 : 1);
      }
    });
  });

  describe('GET /api/home/blog/like', () => {
    it('lists the blogs the user favorited, newest favorite first', async () => {
      const me = await newSession();
      const first = await createBlog(t, { owner, name: 'First liked' });
      const second = await createBlog(t, { owner, name: 'Second liked' });
      await createBlog(t, { owner, name: 'Not liked' });
      await addFavorite(t, {
        user: { id: me.userId },
        blog: first,
        createdAt: new Date(Date.now() - 60_000),
      });
      await toggle(second.id, me, { blogId: second.id });
      const res = await get('/api/home/blog/like', me);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { blog_id: second.id, blog_name: 'Second liked', description: second.description },
        { blog_id: first.id, blog_name: 'First liked', description: first.description },
      ]);
    });

    it('is 401 for visitors', async () => {
      expect((await get('/api/home/blog/like')).statusCode).toBe(401);
    });
  });
});

describe('GET /api/home/blog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('ranks by favorites of the last 24 hours, then all favorites, then newest, without the official blog', async () => {
    const owner = await createUser(t);
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const favoriteBy = async (blog: { id: number }, count: number, at: Date) => {
      for (const user of fans.slice(0, count)) await addFavorite(t, { user, blog, createdAt: at });
    };

    const official = await createBlog(t, { owner, id: t.config.officialBlogId, name: 'Official' });
    await favoriteBy(official, 8, hoursAgo(1));
    const oldFavorite = await createBlog(t, { owner, name: 'Old favorite' });
    await favoriteBy(oldFavorite, 6, hoursAgo(48));
    const risingStar = await createBlog(t, { owner, name: 'Rising star' });
    await favoriteBy(risingStar, 2, hoursAgo(2));
    const fading = await createBlog(t, { owner, name: 'Fading' });
    await favoriteBy(fading, 3, hoursAgo(25));
    const quiet = [];
    for (let i = 0; i < 9; i += 1) {
      quiet.push(await createBlog(t, { owner, name: `Quiet ${i}` }));
    }

    const res = await t.request({ method: 'GET', url: '/api/home/blog' });
    expect(res.statusCode).toBe(200);
    const cards = res.json<BlogCard[]>();
    expect(cards).toHaveLength(10);
    expect(cards[0]).toEqual({
      blog_id: risingStar.id,
      blog_name: 'Rising star',
      description: risingStar.description,
    });
    expect(cards.map((c) => c.blog_name)).toEqual([
      'Rising star',
      'Old favorite',
      'Fading',
      'Quiet 8',
      'Quiet 7',
      'Quiet 6',
      'Quiet 5',
      'Quiet 4',
      'Quiet 3',
      'Quiet 2',
    ]);
    expect(cards.map((c) => c.blog_id)).not.toContain(t.config.officialBlogId);

    // The strip follows this instance's favorites and blog deletions at once; other changes
    // (a blog created elsewhere) within the cache time.
    const names = async () =>
      (await t.request({ method: 'GET', url: '/api/home/blog' }))
        .json<BlogCard[]>()
        .map((c) => c.blog_name);
    const quiet0 = quiet[0];
    if (!quiet0) throw new Error('no blog');
    for (let i = 0; i < 3; i += 1) {
      const person = await signIn(t, await createUser(t));
      const res = await t.request({
        method: 'PUT',
        url: `/api/blog/${quiet0.id}/favorites`,
        headers: { cookie: person.cookie },
        payload: { blogId: quiet0.id },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await names()).slice(0, 3)).toEqual(['Quiet 0', 'Rising star', 'Old favorite']);

    const ownerSession = await signIn(t, owner);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/blog/${risingStar.id}`,
      headers: { cookie: ownerSession.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await names()).slice(0, 3)).toEqual(['Quiet 0', 'Old favorite', 'Fading']);
    await createBlog(t, { owner, name: 'Brand new' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOME_BLOGS_TTL_MS + 1 });
    try {
      expect((await names()).slice(0, 4)).toEqual([
        'Quiet 0',
        'Old favorite',
        'Fading',
        'Brand new',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
