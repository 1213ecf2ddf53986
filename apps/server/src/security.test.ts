import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { CreatedBlog } from '@repolog/contract/blogs';
import { sha256 } from './auth/tokens.js';
import { refreshTokens } from './db/schema.js';
import { buildTestApp, TEST_ORIGIN, type TestApp } from './test/app.js';
import { stubRepoUrl } from './test/blog-factories.js';
import { noticesOf } from './test/comment-factories.js';
import { openSharedTestDatabases } from './test/database.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
  type Session,
} from './test/factories.js';
import { openStream } from './test/sse.js';

/**
 * The security findings of issue 14, one block each. Every test here failed before its fix.
 * (Finding 6, the render queue, is the markdown worker pool's own suite.)
 */

describe('finding 1: a blog needs push access to its repository', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (session: Session, fullName: string, blogName = 'Squatted') =>
    t.request({
      method: 'POST',
      url: '/api/blog',
      headers: { cookie: session.cookie },
      payload: {
        blogName,
        description: 'Not ours',
        gitRepoUrl: stubRepoUrl(t, fullName),
        blogMember: [],
      },
    });

  it('refuses a public repository the creator can only read (403), leaving it to its team', async () => {
    // jisoo-han can see dana-kim's public repository but is not a collaborator on it.
    const jisoo = await loginWithGitHub(t, 'jisoo-han');
    const squat = await create(jisoo, 'dana-kim/hangul-keyboard-lab');
    expect(squat.statusCode).toBe(403);
    expect(squat.json()).toEqual({
      error: 'forbidden',
      message:
        'gitRepoUrl: only people who can push to dana-kim/hangul-keyboard-lab on GitHub can create its blog.',
      key: 'blogs.cannotPush',
      params: { repo: 'dana-kim/hangul-keyboard-lab' },
    });

    const dana = await loginWithGitHub(t, 'dana-kim');
    const owned = await create(dana, 'dana-kim/hangul-keyboard-lab', 'Keyboard lab');
    expect(owned.statusCode).toBe(200);
  });

  it('asks the same of an organization’s repository: its collaborators may, other members not', async () => {
    const dana = await loginWithGitHub(t, 'dana-kim');
    expect((await create(dana, 'repolog-team/backend')).statusCode).toBe(403);
    const alex = await loginWithGitHub(t, 'alex-chen');
    const res = await create(alex, 'repolog-team/backend', 'Backend');
    expect(res.statusCode).toBe(200);
    // Members added later need only be GitHub users (dana is not a collaborator of backend).
    const blogId = res.json<CreatedBlog>().blog_id;
    const edit = await t.request({
      method: 'PUT',
      url: `/api/blog/${blogId}`,
      headers: { cookie: alex.cookie },
      payload: { blogName: 'Backend', description: 'Ours', blogMember: ['dana-kim'] },
    });
    expect(edit.statusCode).toBe(200);
  });
});

describe('findings 2 and 3: notification streams', () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  const opened: { close: () => void }[] = [];

  beforeAll(async () => {
    shared = await openSharedTestDatabases();
    a = await buildTestApp({ database: shared.first });
    b = await buildTestApp({ database: shared.second });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    baseA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });

  const open = async (session: Session) => {
    const stream = await openStream(baseA, session);
    opened.push(stream);
    expect(stream.res.status).toBe(200);
    expect((await stream.events.next()).event).toBe('count');
    return stream;
  };

  it('2: a stream ends when its session logs out on another instance', async () => {
    const session = await signIn(a, await createUser(a));
    const stream = await open(session);
    const res = await b.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(200);
    await stream.events.end(2000);
  });

  it('2: a stream ends when its refresh token is reused (the session is revoked)', async () => {
    const session = await signIn(a, await createUser(a));
    const stream = await open(session);
    const other = await signIn(a, { id: session.userId, userName: session.userName });
    const untouched = await open(other);
    const refresh = () =>
      b.request({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: `refreshToken=${session.refreshToken}` },
      });
    expect((await refresh()).statusCode).toBe(200);
    // The first use was a minute ago: a second use now is theft, not two tabs racing.
    await b.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)));
    expect((await refresh()).statusCode).toBe(401);
    await stream.events.end(2000);
    // The same user's other session keeps its stream.
    expect(untouched.events.ended).toBe(false);
  });

  it('2: every stream of an account ends when the account is deleted elsewhere', async () => {
    const user = await createUser(a);
    const phone = await signIn(a, user);
    const laptop = await signIn(a, user);
    const streams = [await open(phone), await open(laptop)];
    const res = await b.request({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { cookie: laptop.cookie },
    });
    expect(res.statusCode).toBe(200);
    for (const stream of streams) await stream.events.end(2000);
  });

  it('3: a session keeps at most 5 streams; the oldest is closed first', async () => {
    const session = await signIn(a, await createUser(a));
    const streams = [];
    for (let i = 0; i < 5; i += 1) streams.push(await open(session));
    const sixth = await open(session);
    await streams[0]?.events.end(2000);
    for (const stream of [...streams.slice(1), sixth]) expect(stream.events.ended).toBe(false);
  });

  it('3: a user keeps at most 5 streams across sessions; the oldest is closed first', async () => {
    const user = await createUser(a);
    const first = await signIn(a, user);
    const second = await signIn(a, user);
    const older = [];
    for (let i = 0; i < 3; i += 1) older.push(await open(first));
    const newer = [await open(second), await open(second)];
    const sixth = await open(second);
    await older[0]?.events.end(2000);
    for (const stream of [...older.slice(1), ...newer, sixth]) {
      expect(stream.events.ended).toBe(false);
    }
  });
});

describe('finding 4: paging links name PUBLIC_URL, never the request target', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createUser(t);
    const blog = await createBlog(t, { owner });
    for (let i = 0; i < 3; i += 1) await createArticle(t, { blog, author: owner });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** A raw request whose target and Host header say what an attacker wants. */
  const rawGet = (target: string, host: string) =>
    new Promise<{ status: number; link: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'GET', path: target, headers: { host } },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, link: String(res.headers.link ?? '') }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });

  it.each([
    ['an absolute-form target', 'http://evil.example/api/article/breakthrough?page=1&size=1'],
    ['a plain target with a forged Host', '/api/article/breakthrough?page=1&size=1'],
  ])('%s', async (_name, target) => {
    const res = await rawGet(target, 'evil.example');
    expect(res.status).toBe(200);
    expect(res.link).not.toContain('evil.example');
    expect(res.link).toContain(
      `<${TEST_ORIGIN}/api/article/breakthrough?page=2&size=1>; rel="next"`,
    );
  });
});

describe('finding 5: one invitation per blog and user per day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('removing and re-adding a member invites them once a day, not on every save', async () => {
    const dana = await loginWithGitHub(t, 'dana-kim');
    const created = await t.request({
      method: 'POST',
      url: '/api/blog',
      headers: { cookie: dana.cookie },
      payload: {
        blogName: 'Design tokens',
        description: 'Invitations',
        gitRepoUrl: stubRepoUrl(t, 'sora-lee/design-tokens'),
        blogMember: ['minjun-park'],
      },
    });
    expect(created.statusCode).toBe(200);
    const blogId = created.json<CreatedBlog>().blog_id;
    const save = async (members: string[], as: Session = dana) => {
      const res = await t.request({
        method: 'PUT',
        url: `/api/blog/${blogId}`,
        headers: { cookie: as.cookie },
        payload: { blogName: 'Design tokens', description: 'Invitations', blogMember: members },
      });
      expect(res.statusCode).toBe(200);
    };
    for (let i = 0; i < 3; i += 1) {
      await save([]);
      await save(['minjun-park']);
    }
    const invitations = async () =>
      (await noticesOf(t, await loginWithGitHub(t, 'minjun-park'))).filter(
        (n) =>
          n.type === NOTICE_TYPES.invitation &&
          'blogId' in n.relatedId &&
          n.relatedId.blogId === blogId,
      );
    expect(await invitations()).toHaveLength(1);

    // A day later, being added again is news again (signed in anew: yesterday's tokens expired).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    const danaTomorrow = await loginWithGitHub(t, 'dana-kim');
    await save([], danaTomorrow);
    await save(['minjun-park'], danaTomorrow);
    expect(await invitations()).toHaveLength(2);
  });
});
