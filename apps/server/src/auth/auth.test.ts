import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articles,
  blogMembers,
  blogs,
  githubTokens,
  likes,
  refreshTokens,
  users,
} from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  cookiesOf,
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
} from '../test/factories.js';
import { sha256, TokenKeys } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const status = (cookie?: string) =>
  t.request({ method: 'GET', url: '/api/auth/status', headers: cookie ? { cookie } : {} });
const refresh = (refreshToken: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: `refreshToken=${refreshToken}` },
  });

describe('GET /api/auth/status', () => {
  it('tells a visitor without cookies that they are logged out, with 200', async () => {
    const res = await status();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loggedIn: false, message: 'Access token is missing' });
  });

  it('answers 401 for an expired access token so the client refreshes', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const keys = new TokenKeys(t.config.secret);
    const old = Math.floor(Date.now() / 1000) - 3600;
    const expired = keys.signAccess({ sub: user.id, sid: 'ignored', name: user.userName }, old);
    const res = await status(`accessToken=${expired}; refreshToken=${session.refreshToken}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthenticated' });
  });

  it('answers 401 when only the refresh cookie is left', async () => {
    const res = await status('refreshToken=abc');
    expect(res.statusCode).toBe(401);
  });

  it('refuses a forged access token', async () => {
    const user = await createUser(t);
    const forged = new TokenKeys('another-secret-another-secret-another-1').signAccess({
      sub: user.id,
      sid: 'x',
      name: user.userName,
    });
    expect((await status(`accessToken=${forged}`)).statusCode).toBe(401);
  });
});

describe('login with GitHub', () => {
  it('runs the OAuth flow: user upserted by GitHub id, token stored encrypted, session cookies set', async () => {
    const session = await loginWithGitHub(t, 'dana-kim');
    expect(session.userName).toBe('dana-kim');

    const res = await status(session.cookie);
    expect(res.json()).toEqual({
      loggedIn: true,
      message: 'Logged in',
      userId: session.userId,
      userName: 'dana-kim',
    });

    const info = await t.request({
      method: 'GET',
      url: '/api/auth/info',
      headers: { cookie: session.cookie },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ userId: session.userId, userName: 'dana-kim' });

    const [stored] = await t.database.db
      .select()
      .from(githubTokens)
      .where(eq(githubTokens.userId, session.userId));
    expect(stored?.ciphertext).toBeTruthy();
    expect(stored?.ciphertext).not.toContain('gho_');
    const keys = new TokenKeys(t.config.secret);
    expect(keys.decrypt(stored?.ciphertext ?? '')).toMatch(/\w{10,}/);

    // Signing in again keeps the same user (keyed by GitHub's numeric id).
    const again = await loginWithGitHub(t, 'dana-kim');
    expect(again.userId).toBe(session.userId);
  });

  it('sets HttpOnly, SameSite=Lax cookies; the refresh token only travels to /api/auth', async () => {
    const start = await t.request({ method: 'GET', url: '/api/auth/github/authorize' });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.pathname).toBe('/__github/login/oauth/authorize');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/github');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    const oauth = start.cookies.find((c) => c.name === 'oauthState');
    expect(oauth).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/github' });
  });

  it('refuses a state that does not match the browser (400) and stores nothing', async () => {
    const before = await t.database.db.select().from(users);
    const start = await t.request({ method: 'GET', url: '/api/auth/github/authorize' });
    const oauth = start.cookies.find((c) => c.name === 'oauthState');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/github',
      headers: { cookie: `oauthState=${oauth?.value ?? ''}` },
      payload: { code: 'whatever', state: 'not-the-state' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/state does not match/);
    expect(res.cookies.find((c) => c.name === 'accessToken')).toBeUndefined();
    expect(await t.database.db.select().from(users)).toHaveLength(before.length);
  });

  it('refuses a login without the state cookie', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/github',
      payload: { code: 'c', state: 's' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a code GitHub does not know with 400', async () => {
    const start = await t.request({ method: 'GET', url: '/api/auth/github/authorize' });
    const oauth = start.cookies.find((c) => c.name === 'oauthState');
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/github',
      headers: { cookie: `oauthState=${oauth?.value ?? ''}` },
      payload: { code: 'made-up-code', state },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/GitHub did not accept/);
  });

  it('validates the body', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/github', payload: { code: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh gives new cookies and the new pair works', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(200);
    const fresh = cookiesOf(res);
    expect(fresh.refreshToken).toBeTruthy();
    expect(fresh.refreshToken).not.toBe(session.refreshToken);
    expect((await status(`accessToken=${fresh.accessToken}`)).json()).toMatchObject({
      loggedIn: true,
    });
    expect((await refresh(fresh.refreshToken ?? '')).statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated token is reused later', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const first = cookiesOf(await refresh(session.refreshToken));
    // Pretend the first use happened a minute ago, beyond the two-tabs race window.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)));

    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    // The legitimate new token died with the family, and so did the access token.
    expect((await refresh(first.refreshToken ?? '')).statusCode).toBe(401);
    expect((await status(`accessToken=${first.accessToken}`)).statusCode).toBe(401);
  });

  it('tolerates two tabs refreshing with the same token at once', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const [a, b] = await Promise.all([
      refresh(session.refreshToken),
      refresh(session.refreshToken),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const tokens = [cookiesOf(a).refreshToken, cookiesOf(b).refreshToken].filter(Boolean);
    expect(tokens).toHaveLength(1);
    expect((await refresh(tokens[0] ?? '')).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token and clears the cookies', async () => {
    const res = await refresh('not-a-token');
    expect(res.statusCode).toBe(401);
    expect(cookiesOf(res)).toMatchObject({ accessToken: '', refreshToken: '' });
  });
});

describe('logout and account deletion', () => {
  it('logout invalidates the refresh token and the access token on the server', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(cookiesOf(res)).toMatchObject({ accessToken: '', refreshToken: '' });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await status(`accessToken=${session.accessToken}`)).statusCode).toBe(401);
  });

  it('logout with only a refresh cookie (stale access token) still ends the session', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `accessToken=garbage; refreshToken=${session.refreshToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a logout from another origin (CSRF)', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await status(session.cookie)).json()).toMatchObject({ loggedIn: true });
  });

  it('account deletion ends every session and cleans up as DESIGN §3 says', async () => {
    const leaving = await createUser(t);
    const teammate = await createUser(t);
    const solo = await createBlog(t, { owner: leaving });
    const shared = await createBlog(t, { owner: leaving, members: [teammate] });
    const article = await createArticle(t, {
      blog: shared,
      author: leaving,
      title: 'Stays with the team',
    });
    const other = await createArticle(t, { blog: shared, author: teammate });
    await t.database.db.insert(likes).values({ userId: leaving.id, articleId: other.id });
    await t.database.db.update(articles).set({ likeCount: 1 }).where(eq(articles.id, other.id));

    const phone = await signIn(t, leaving);
    const laptop = await signIn(t, leaving);
    // The laptop was in use a moment ago: its session is fresh in the server's memory.
    expect((await status(laptop.cookie)).statusCode).toBe(200);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { cookie: phone.cookie },
    });
    expect(res.statusCode).toBe(200);

    expect((await status(laptop.cookie)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.id, leaving.id))).toHaveLength(
      0,
    );
    // The blog with nobody left is gone; the shared one passes to the teammate.
    expect(await t.database.db.select().from(blogs).where(eq(blogs.id, solo.id))).toHaveLength(0);
    const [kept] = await t.database.db.select().from(blogs).where(eq(blogs.id, shared.id));
    expect(kept?.ownerId).toBe(teammate.id);
    expect(
      await t.database.db.select().from(blogMembers).where(eq(blogMembers.userId, leaving.id)),
    ).toHaveLength(0);
    // Their article stays, authorless; their like is given back.
    const [stays] = await t.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect(stays?.authorId).toBeNull();
    const [liked] = await t.database.db.select().from(articles).where(eq(articles.id, other.id));
    expect(liked?.likeCount).toBe(0);
    // A visitor still reads the status without trouble.
    expect((await status()).json()).toMatchObject({ loggedIn: false });
  });

  it('refuses account deletion and info to visitors', async () => {
    expect(
      (await t.request({ method: 'DELETE', url: '/api/auth/delete-account' })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/info' })).statusCode).toBe(401);
  });
});
