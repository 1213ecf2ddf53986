import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { noticesOf, postComment, unreadCountOf } from '../test/comment-factories.js';
import { openSharedTestDatabases, openTestDatabase } from '../test/database.js';
import { readEvents } from '../test/sse.js';
import { createArticle, createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { EVICTED_RETRY_MS, noticeHub } from './notifications.stream.js';
import { ACCESS_TOKEN_TTL_S, TokenKeys } from '../auth/tokens.js';
import { postgresBus } from '../plugins/message-bus.js';

// The live side of notifications: Server-Sent Event streams across instances, and the hub.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('GET /api/notice/stream across two server instances', () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;

  beforeAll(async () => {
    shared = await openSharedTestDatabases();
    a = await buildTestApp({ database: shared.first });
    b = await buildTestApp({ database: shared.second });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    baseA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });

  async function setup() {
    const authorUser = await createUser(a);
    const author = await signIn(a, authorUser);
    const reader = await signIn(a, await createUser(a));
    const blog = await createBlog(a, { owner: authorUser });
    const article = await createArticle(a, { blog, author: authorUser, title: 'Live one' });
    return { author, reader, article };
  }

  async function open(session: Session) {
    const controller = new AbortController();
    const res = await fetch(`${baseA}/api/notice/stream`, {
      headers: { cookie: session.cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!res.body) throw new Error('no body');
    return { res, events: readEvents(res.body), close: () => controller.abort() };
  }

  it('refuses visitors with 401', async () => {
    const res = await fetch(`${baseA}/api/notice/stream`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthenticated' });
  });

  it('sends the count on connect, uncompressed and unbuffered', async () => {
    const { author, reader, article } = await setup();
    await postComment(b, reader, article.id, 'earlier');
    const stream = await open(author);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      expect(stream.res.headers.get('cache-control')).toMatch(/no-cache/);
      expect(await stream.events.next()).toEqual({ event: 'count', data: { unreadCount: 1 } });
    } finally {
      stream.close();
    }
  });

  it('delivers a like caused on the other instance, with the new count, within a second', async () => {
    const { author, reader, article } = await setup();
    const stream = await open(author);
    try {
      expect(await stream.events.next()).toEqual({ event: 'count', data: { unreadCount: 0 } });
      const started = Date.now();
      const res = await b.request({
        method: 'PUT',
        url: `/api/article/${article.id}/like`,
        headers: { cookie: reader.cookie },
        payload: { articleId: article.id },
      });
      expect(res.statusCode).toBe(200);
      const notice = await stream.events.next(1000);
      expect(notice.event).toBe('notice');
      expect(notice.data).toMatchObject({
        type: NOTICE_TYPES.liked,
        instigator: reader.userName,
        relatedId: { articleId: article.id },
        articleTitle: 'Live one',
        isViewed: false,
      });
      expect(await stream.events.next(1000)).toEqual({
        event: 'count',
        data: { unreadCount: 1 },
      });
      expect(Date.now() - started).toBeLessThan(1000);

      // A comment through instance B arrives the same way.
      await postComment(b, reader, article.id, 'from instance B');
      expect(await stream.events.next(1000)).toMatchObject({
        event: 'notice',
        data: { type: NOTICE_TYPES.comment },
      });
      expect(await stream.events.next(1000)).toEqual({
        event: 'count',
        data: { unreadCount: 2 },
      });
    } finally {
      stream.close();
    }
  });

  it('pushes the lower count when the notice is marked viewed on the other instance', async () => {
    const { author, reader, article } = await setup();
    await postComment(b, reader, article.id, 'x');
    const [notice] = await noticesOf(b, author);
    if (!notice) throw new Error('no notice');
    const stream = await open(author);
    try {
      expect(await stream.events.next()).toEqual({ event: 'count', data: { unreadCount: 1 } });
      const res = await b.request({
        method: 'PUT',
        url: `/api/notice/${notice.noticeId}`,
        headers: { cookie: author.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(await stream.events.next()).toEqual({ event: 'count', data: { unreadCount: 0 } });
    } finally {
      stream.close();
    }
  });

  it('sends nothing to other users’ streams', async () => {
    const { author, reader, article } = await setup();
    const stream = await open(reader);
    try {
      expect(await stream.events.next()).toEqual({ event: 'count', data: { unreadCount: 0 } });
      await postComment(b, reader, article.id, 'not for me');
      expect(await unreadCountOf(b, author)).toBe(1);
      await expect(stream.events.next(500)).rejects.toThrow(/no event/);
    } finally {
      stream.close();
    }
  });

  it('ends a stream when the access token that opened it expires', async () => {
    const user = await createUser(a);
    const session = await signIn(a, user);
    const claims = new TokenKeys(a.config.secret).verifyAccess(session.accessToken);
    if (!claims.ok) throw new Error('bad token');
    // The same session, with an access token that has one second left.
    const nearlyExpired = new TokenKeys(a.config.secret).signAccess(
      { sub: user.id, sid: claims.claims.sid, name: user.userName },
      Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_S + 1,
    );
    const res = await fetch(`${baseA}/api/notice/stream`, {
      headers: { cookie: `accessToken=${nearlyExpired}` },
    });
    if (!res.body) throw new Error('no body');
    const events = readEvents(res.body);
    expect(await events.next()).toEqual({ event: 'count', data: { unreadCount: 0 } });
    await expect(events.next(3000)).rejects.toThrow(/ended/);
  });

  it('ends open streams when the app closes', async () => {
    const shared2 = await openSharedTestDatabases();
    const c = await buildTestApp({ database: shared2.first });
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (c.app.server.address() as AddressInfo).port;
    const user = await createUser(c);
    const session = await signIn(c, user);
    const res = await fetch(`http://127.0.0.1:${port}/api/notice/stream`, {
      headers: { cookie: session.cookie },
    });
    if (!res.body) throw new Error('no body');
    const events = readEvents(res.body);
    expect(await events.next()).toEqual({ event: 'count', data: { unreadCount: 0 } });
    const started = Date.now();
    await c.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(events.next(1000)).rejects.toThrow(/ended/);
    await shared2.close();
  });
});

describe('the stream hub', () => {
  afterEach(() => vi.useRealTimers());

  const fakeStream = () => {
    const writes: string[] = [];
    let ended = false;
    const res = {
      get writableEnded() {
        return ended;
      },
      destroyed: false,
      write: (chunk: string) => writes.push(chunk) > 0,
      end: () => {
        ended = true;
      },
    } as unknown as ServerResponse;
    return { res, writes, ended: () => ended };
  };

  const hubOf = (heartbeatMs = 25_000) =>
    noticeHub({
      bus: postgresBus(database),
      loadNotice: async () => undefined,
      countUnread: async () => 7,
      onError: () => undefined,
      heartbeatMs,
    });

  it('keeps open streams alive with a heartbeat comment, and stops once they close', async () => {
    vi.useFakeTimers();
    const { res, writes } = fakeStream();
    const hub = hubOf(20);
    const remove = hub.add({ userId: 1, sessionId: 's1' }, res);
    await vi.advanceTimersByTimeAsync(90);
    remove();
    expect(writes[0]).toBe('event: count\ndata: {"unreadCount":7}\n\n');
    expect(writes.filter((w) => w === ': ping\n\n')).toHaveLength(4);
    const before = writes.length;
    await vi.advanceTimersByTimeAsync(60);
    expect(writes).toHaveLength(before);
    expect(hub.size()).toBe(0);
    await hub.close();
  });

  it('pushes out the oldest stream past five, telling its browser not to come straight back', async () => {
    const hub = hubOf();
    const streams = Array.from({ length: 6 }, () => fakeStream());
    for (const stream of streams) hub.add({ userId: 1, sessionId: 's' }, stream.res);
    expect(streams.map((s) => s.ended())).toEqual([true, false, false, false, false, false]);
    expect(streams[0]?.writes).toContain(`retry: ${EVICTED_RETRY_MS}\n\n`);
    expect(hub.size()).toBe(5);
    await hub.close();
  });

  it('ends the streams of ended sessions, and only those', async () => {
    const hub = hubOf();
    const a = fakeStream();
    const b = fakeStream();
    const c = fakeStream();
    hub.add({ userId: 1, sessionId: 'a' }, a.res);
    hub.add({ userId: 1, sessionId: 'b' }, b.res);
    hub.add({ userId: 2, sessionId: 'c' }, c.res);
    hub.endSessions({ sessionIds: ['a'] });
    expect([a.ended(), b.ended(), c.ended()]).toEqual([true, false, false]);
    hub.endSessions({ userId: 1 });
    expect([b.ended(), c.ended()]).toEqual([true, false]);
    expect(hub.size()).toBe(1);
    await hub.close();
  });
});
