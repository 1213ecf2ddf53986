import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

let t: TestApp;
let owner: UserRow;
let session: Session;
let blog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp({
    builtWeb: true,
    env: { CDN_S_MAXAGE: '120', CDN_STALE_WHILE_REVALIDATE: '15' },
  });
  owner = await createUser(t);
  session = await signIn(t, owner);
  blog = await createBlog(t, { owner });
}, 120_000);
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });
const PUBLIC = 'public, max-age=0, s-maxage=120, stale-while-revalidate=15';
const keysOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['surrogate-key']).split(' ');

describe('server-rendered pages, as a CDN sees them', () => {
  it('an article page: public for everyone, named by its keys, 304 when unchanged', async () => {
    const article = await createArticle(t, { blog, author: owner });
    const url = `/breakthrough/${article.id}`;
    const first = await page(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(keysOf(first)).toEqual(expect.arrayContaining([`article:${article.id}`]));
    expect(first.headers['cache-tag']).toBe(keysOf(first).join(','));
    // The same HTML for a signed-in reader: their parts fill in after hydration.
    const signedIn = await page(url, { cookie: session.cookie });
    expect(signedIn.headers['cache-control']).toBe(PUBLIC);
    const withoutTimes = (html: string) => html.replace(/"dataUpdatedAt":\d+/g, '');
    expect(withoutTimes(signedIn.body)).toBe(withoutTimes(first.body));

    const etag = String(signedIn.headers.etag);
    const again = await page(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a blog page, the list and a profile name what they show', async () => {
    const article = await createArticle(t, { blog, author: owner });
    const blogPage = await page(`/blog/${blog.id}`);
    expect(blogPage.headers['cache-control']).toBe(PUBLIC);
    expect(keysOf(blogPage)).toEqual(
      expect.arrayContaining([`blog:${blog.id}`, `article:${article.id}`]),
    );
    const list = await page('/breakthrough');
    expect(list.statusCode).toBe(200);
    expect(keysOf(list)).toContain('list');
    const profile = await page(`/user/${owner.userName}`);
    expect(profile.statusCode).toBe(200);
    expect(keysOf(profile)).toEqual(
      expect.arrayContaining([`user:${owner.userName.toLowerCase()}`, 'list']),
    );
    const home = await page('/home');
    expect(keysOf(home)).toContain('home');
  });

  it("a reader's own pages stay out of shared caches; a missing page is not kept", async () => {
    const workspace = await page('/workspace', { cookie: session.cookie });
    expect(workspace.statusCode).toBe(200);
    expect(workspace.headers['cache-control']).toBe('private, no-cache');
    expect(workspace.headers['surrogate-key']).toBeUndefined();
    const missing = await page('/breakthrough/999999');
    expect(missing.headers['cache-control']).not.toContain('public');
  });
});
