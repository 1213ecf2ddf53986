import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';
import { createCdnPurge } from './cdn-purge.js';

/** A CDN's purge endpoint: a real HTTP server that notes every POST's keys. */
function purgeReceiver() {
  const calls: string[][] = [];
  let failNext = 0;
  let server: Server | undefined;
  return {
    calls,
    /** Every key purged so far. */
    keys: () => calls.flat(),
    failNext(n: number) {
      failNext = n;
    },
    clear() {
      calls.length = 0;
    },
    async start(): Promise<string> {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          if (failNext > 0) {
            failNext -= 1;
            res.writeHead(503).end();
            return;
          }
          calls.push((JSON.parse(body) as { keys: string[] }).keys);
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
    },
    stop: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

const receiver = purgeReceiver();
let t: TestApp;
let owner: UserRow;
let session: Session;
let blog: BlogRow;

beforeAll(async () => {
  const url = await receiver.start();
  t = await buildTestApp({
    env: { CDN_PURGE_URL: url, CDN_S_MAXAGE: '300', CDN_STALE_WHILE_REVALIDATE: '30' },
  });
  owner = await createUser(t);
  session = await signIn(t, owner);
  blog = await createBlog(t, { owner });
}, 60_000);
afterAll(async () => {
  await t.close();
  await receiver.stop();
});
beforeEach(() => receiver.clear());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });
const PUBLIC = 'public, max-age=0, s-maxage=300, stale-while-revalidate=30';

describe('public API reads, as a CDN sees them', () => {
  it('a breakthrough: public for visitors, named by its keys, 304 when unchanged', async () => {
    const article = await createArticle(t, { blog, author: owner });
    const res = await get(`/api/article/breakthrough/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC);
    const keys = String(res.headers['surrogate-key']).split(' ');
    expect(keys).toEqual(expect.arrayContaining([`article:${article.id}`, `blog:${blog.id}`]));
    expect(String(res.headers['cache-tag']).split(',')).toEqual(keys);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(`/api/article/breakthrough/${article.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await get(`/api/article/breakthrough/${article.id}`, {
      'if-none-match': '"something-else"',
    });
    expect(other.statusCode).toBe(200);
  });

  it("a signed-in reader's answer is private (it says what they liked)", async () => {
    const article = await createArticle(t, { blog, author: owner });
    const res = await get(`/api/article/breakthrough/${article.id}`, { cookie: session.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['surrogate-key']).toBeUndefined();
    expect(res.headers.etag).toBeDefined();
  });

  it('lists, blogs, comments, profiles and the home strips name what they show', async () => {
    const article = await createArticle(t, { blog, author: owner });
    const keysOf = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC);
      return String(res.headers['surrogate-key']).split(' ');
    };
    expect(await keysOf('/api/article/breakthrough')).toContain('list');
    expect(await keysOf(`/api/blog/non-member/${blog.id}`)).toEqual(
      expect.arrayContaining([`blog:${blog.id}`, `article:${article.id}`]),
    );
    expect(await keysOf(`/api/comment/comments/${article.id}`)).toContain(`article:${article.id}`);
    expect(await keysOf(`/api/user/${owner.userName.toUpperCase()}`)).toEqual(
      expect.arrayContaining([`user:${owner.userName.toLowerCase()}`, `blog:${blog.id}`, 'list']),
    );
    expect(await keysOf(`/api/user/${owner.userName}/breakthroughs`)).toContain(
      `user:${owner.userName.toLowerCase()}`,
    );
    expect(await keysOf('/api/home/article')).toContain('home');
    expect(await keysOf('/api/home/blog')).toContain('home');
  });

  it('answers that are not public reads keep their own caching', async () => {
    const res = await get('/api/blog', { cookie: session.cookie });
    expect(res.headers['surrogate-key']).toBeUndefined();
    expect(String(res.headers['cache-control'] ?? '')).not.toContain('public');
  });
});

describe('a change purges the keys of what it changed', () => {
  const purged = async (...keys: string[]) =>
    vi.waitFor(() => expect(receiver.keys()).toEqual(expect.arrayContaining(keys)), {
      timeout: 10_000,
    });

  it('a new breakthrough: its blog and the lists; an edit and a deletion: the breakthrough', async () => {
    const posted = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: session.cookie },
      payload: { blogId: blog.id, title: 'Purged on post', content: 'Plain words.' },
    });
    expect(posted.statusCode).toBe(200);
    const { articleId } = posted.json<{ articleId: number }>();
    await purged(`blog:${blog.id}`, 'list', `article:${articleId}`);

    receiver.clear();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/article/${articleId}`,
      headers: { cookie: session.cookie },
      payload: { title: 'Purged on edit', content: 'Plain words.' },
    });
    expect(edited.statusCode).toBe(200);
    await purged(`article:${articleId}`, `blog:${blog.id}`);

    receiver.clear();
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/article/${articleId}`,
      headers: { cookie: session.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await purged(`article:${articleId}`, `blog:${blog.id}`, 'list');
  });

  it('a like: its breakthrough; a comment: its breakthrough; a favorite: its blog', async () => {
    const article = await createArticle(t, { blog, author: owner });
    const liked = await t.request({
      method: 'PUT',
      url: `/api/article/${article.id}/like`,
      headers: { cookie: session.cookie },
      payload: { articleId: article.id },
    });
    expect(liked.statusCode).toBe(200);
    await purged(`article:${article.id}`, 'home');

    receiver.clear();
    await postComment(t, session, article.id, 'Purge me');
    await purged(`article:${article.id}`);

    receiver.clear();
    const reader = await signIn(t, await createUser(t));
    const favorite = await t.request({
      method: 'PUT',
      url: `/api/blog/${blog.id}/favorites`,
      headers: { cookie: reader.cookie },
      payload: { blogId: blog.id },
    });
    expect(favorite.statusCode).toBe(200);
    await purged(`blog:${blog.id}`, 'home');
  });

  it("an account's deletion: its profile", async () => {
    const leaving = await createUser(t);
    const own = await signIn(t, leaving);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { cookie: own.cookie },
    });
    expect(res.statusCode).toBe(200);
    await purged(`user:${leaving.userName.toLowerCase()}`);
  });
});

describe('the purge hook', () => {
  it('retries a failed call, and a write never waits for it', async () => {
    const errors: unknown[] = [];
    const local = purgeReceiver();
    const hook = createCdnPurge({
      url: await local.start(),
      onError: (error) => errors.push(error),
      retryMs: 10,
    });
    local.failNext(2);
    const started = performance.now();
    hook.purge(['article:1', 'blog:2']);
    expect(performance.now() - started).toBeLessThan(5);
    await hook.settled();
    expect(local.keys()).toEqual(['article:1', 'blog:2']);
    expect(errors).toEqual([]);
    hook.stop();
    await local.stop();
  });

  it('gives up after its attempts and reports it', async () => {
    const local = purgeReceiver();
    const errors: unknown[] = [];
    const hook = createCdnPurge({
      url: await local.start(),
      onError: (error) => errors.push(error),
      retryMs: 5,
      attempts: 3,
    });
    local.failNext(10);
    hook.purge(['list']);
    await hook.settled();
    expect(local.keys()).toEqual([]);
    expect(errors).toHaveLength(1);
    hook.stop();
    await local.stop();
  });
});
