import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@repolog/contract/drafts';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import { openSharedTestDatabases } from '../test/database.js';
import { createArticle, createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { liveEditor, type LiveEditor } from '../test/live-editor.js';
import { freePort } from '../test/children.js';
import { dropRedisKeys, listeningSpy, redisEnv, startRedisServer } from '../test/redis.js';
import { readEvents } from '../test/sse.js';
import { connectRedis } from './redis.js';
import { sharedSlots } from './shared-slots.js';

const MESSAGE_CHANNELS = ['repolog_notice', 'repolog_draft', 'repolog_cache', 'repolog_session'];
const baseOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const silent = { warn: () => undefined, info: () => undefined };

/** Two instances on one database and one Redis namespace, each noting what PostgreSQL told it. */
async function twoInstances(env: Record<string, string>) {
  const shared = await openSharedTestDatabases();
  const spyA = listeningSpy(shared.first, MESSAGE_CHANNELS);
  const spyB = listeningSpy(shared.second, MESSAGE_CHANNELS);
  const a = await buildTestApp({ database: spyA.database, env });
  const b = await buildTestApp({ database: spyB.database, env });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    a,
    b,
    /** Messages that reached either instance through LISTEN/NOTIFY. */
    heardFromPostgres: () => [...spyA.heard, ...spyB.heard],
    close: async () => {
      await a.close();
      await b.close();
      await shared.close();
    },
  };
}

/** An author with a breakthrough (on A), and a reader to like and comment on it. */
async function authorAndReader(t: TestApp) {
  const authorUser = await createUser(t);
  const author = await signIn(t, authorUser);
  const reader = await signIn(t, await createUser(t));
  const blog = await createBlog(t, { owner: authorUser });
  const article = await createArticle(t, { blog, author: authorUser, title: 'Over Redis' });
  return { author, reader, article };
}

async function openStream(t: TestApp, session: Session) {
  const controller = new AbortController();
  const res = await fetch(`${baseOf(t)}/api/notice/stream`, {
    headers: { cookie: session.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.body) throw new Error('no body');
  return { events: readEvents(res.body), close: () => controller.abort() };
}

const like = (t: TestApp, session: Session, articleId: number) =>
  t.request({
    method: 'PUT',
    url: `/api/article/${articleId}/like`,
    headers: { cookie: session.cookie },
    payload: { articleId },
  });

const metric = async (t: TestApp, name: string): Promise<string> =>
  t.app.metrics.registry.getSingleMetricAsString(name);

/**
 * Redis answers again: both instances count it up, and the next comment's notice reaches the
 * stream (its second notice) over Redis, with nothing more heard through PostgreSQL.
 */
async function expectBackOnRedis(
  pair: Awaited<ReturnType<typeof twoInstances>>,
  stream: Awaited<ReturnType<typeof openStream>>,
  reader: Session,
  articleId: number,
  text: string,
): Promise<void> {
  for (const t of [pair.a, pair.b]) {
    await vi.waitFor(async () => expect(await metric(t, 'repolog_redis_up')).toMatch(/ 1$/m), {
      timeout: 10_000,
    });
  }
  const before = pair.heardFromPostgres().length;
  await postComment(pair.b, reader, articleId, text);
  expect(await stream.events.next(5000)).toMatchObject({ event: 'notice' });
  expect(await stream.events.next(5000)).toEqual({ event: 'count', data: { unreadCount: 2 } });
  expect(pair.heardFromPostgres()).toHaveLength(before);
}

describe('two instances on Redis (REDIS_URL)', () => {
  const env = redisEnv();
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  const editors: LiveEditor[] = [];

  beforeAll(async () => {
    pair = await twoInstances(env);
  });
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });
  afterAll(async () => {
    await pair.close();
    await dropRedisKeys(env.REDIS_PREFIX);
  });

  it('a like on B rings the author’s bell on A, carried by Redis, not PostgreSQL', async () => {
    const { a, b } = pair;
    const { author, reader, article } = await authorAndReader(a);
    const stream = await openStream(a, author);
    try {
      expect(await stream.events.next()).toEqual({ event: 'count', data: { unreadCount: 0 } });
      expect((await like(b, reader, article.id)).statusCode).toBe(200);
      expect(await stream.events.next(5000)).toMatchObject({
        event: 'notice',
        data: { type: NOTICE_TYPES.liked, relatedId: { articleId: article.id } },
      });
      expect(await stream.events.next(5000)).toEqual({
        event: 'count',
        data: { unreadCount: 1 },
      });
      expect(pair.heardFromPostgres()).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('co-editors on A and B see each other’s typing and presence, over Redis', async () => {
    const { a, b } = pair;
    const owner = await createUser(a);
    const member = await createUser(a);
    const team = await createBlog(a, { owner, members: [member] });
    const onA = await signIn(a, owner);
    const onB = await signIn(b, member);
    const created = await a.request({
      method: 'POST',
      url: `/api/blog/${team.id}/drafts`,
      headers: { cookie: onA.cookie },
      payload: { title: 'Relayed', content: '' },
    });
    const { draftId } = created.json<Draft>();
    const open = (t: TestApp, session: Session) => {
      const editor = liveEditor({
        baseUrl: baseOf(t),
        draftId,
        origin: TEST_ORIGIN,
        cookie: session.cookie,
        login: session.userName,
      });
      editors.push(editor);
      return editor;
    };
    const first = open(a, onA);
    const second = open(b, onB);
    await Promise.all([first.synced(), second.synced()]);
    first.type(0, 'Typed on A. ');
    await second.until(() => second.text() === 'Typed on A. ', 'A’s words on B');
    second.type(12, 'Typed on B.');
    await first.until(() => first.text() === 'Typed on A. Typed on B.', 'B’s words on A');
    await first.until(
      () =>
        [...first.provider.awareness.getStates().values()].some(
          (state) => (state as { user?: { name?: string } }).user?.name === member.userName,
        ),
      'B’s editor in A’s presence list',
    );
    expect(pair.heardFromPostgres()).toEqual([]);
  });

  it('a route’s rate limit holds for both instances together', async () => {
    const { a, b } = pair;
    // GET /api/auth/github/authorize allows 30 a minute per client address.
    const authorize = (t: TestApp) =>
      t.request({ method: 'GET', url: '/api/auth/github/authorize' });
    for (let n = 0; n < 15; n += 1) expect((await authorize(a)).statusCode).toBe(302);
    for (let n = 0; n < 15; n += 1) expect((await authorize(b)).statusCode).toBe(302);
    const refused = await authorize(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect((await authorize(a)).statusCode).toBe(429);
  });

  it('a writer’s render slots are shared by every instance', async () => {
    const links = await Promise.all(
      [0, 1].map(() => connectRedis({ url: env.REDIS_URL, prefix: env.REDIS_PREFIX, log: silent })),
    );
    try {
      const [here, there] = links.map((link) => sharedSlots(link, 'render_queue'));
      if (!here || !there) throw new Error('no slots');
      const taken = [
        await here.take('render:user:1', 3),
        await there.take('render:user:1', 3),
        await here.take('render:user:1', 3),
      ];
      expect(taken.every(Boolean)).toBe(true);
      expect(await there.take('render:user:1', 3)).toBeUndefined();
      // Another writer has slots of their own.
      expect(await there.take('render:user:2', 3)).toBeDefined();
      taken[0]?.();
      await vi.waitFor(async () => expect(await there.take('render:user:1', 3)).toBeDefined());
    } finally {
      for (const link of links) await link.close();
    }
  });
});

describe('a Redis outage', () => {
  let port: number;
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let pair: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer(port);
    pair = await twoInstances(redisEnv(redis.url));
  });
  afterAll(async () => {
    await pair.close();
    redis.kill();
  });

  it('degrades to PostgreSQL with a warning and a metric, never a 5xx, and comes back', async () => {
    const { a, b } = pair;
    const { author, reader, article } = await authorAndReader(a);
    const stream = await openStream(a, author);
    try {
      expect(await stream.events.next()).toEqual({ event: 'count', data: { unreadCount: 0 } });
      redis.kill();
      await vi.waitFor(async () => expect(await metric(a, 'repolog_redis_up')).toMatch(/ 0$/m));

      // Requests still answer; limits count on each instance meanwhile.
      const authorize = await a.request({ method: 'GET', url: '/api/auth/github/authorize' });
      expect(authorize.statusCode).toBe(302);
      // The like on B still reaches A's stream, through LISTEN/NOTIFY.
      expect((await like(b, reader, article.id)).statusCode).toBe(200);
      expect(await stream.events.next(5000)).toMatchObject({ event: 'notice' });
      expect(await stream.events.next(5000)).toMatchObject({ event: 'count' });
      expect(pair.heardFromPostgres()).toContain('repolog_notice');
      expect(await metric(b, 'repolog_redis_fallbacks_total')).toMatch(/use="messages"} [1-9]/);
      expect(await metric(a, 'repolog_redis_fallbacks_total')).toMatch(/use="rate_limits"} [1-9]/);

      // Redis back: messages go through it again.
      redis = await startRedisServer(port);
      await expectBackOnRedis(pair, stream, reader, article.id, 'Back on Redis');
    } finally {
      stream.close();
    }
  });
});

describe('a hung Redis (connected, but answering nothing)', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let pair: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    redis = await startRedisServer(await freePort());
    pair = await twoInstances(redisEnv(redis.url));
  });
  afterAll(async () => {
    redis.resume();
    await pair.close();
    redis.kill();
  });

  it('counts as down within seconds: limits and notifications answer without it, then it is used again', async () => {
    const { a, b } = pair;
    const { author, reader, article } = await authorAndReader(a);
    // Stopped, not killed: the connections stay open and every command waits.
    redis.pause();
    for (const t of [a, b]) {
      await vi.waitFor(async () => expect(await metric(t, 'repolog_redis_up')).toMatch(/ 0$/m), {
        timeout: 3000,
      });
    }

    // A's first stream subscribes its notice channel now: PostgreSQL carries it meanwhile.
    const stream = await openStream(a, author);
    try {
      expect(await stream.events.next(3000)).toEqual({
        event: 'count',
        data: { unreadCount: 0 },
      });
      const authorize = await a.request({ method: 'GET', url: '/api/auth/github/authorize' });
      expect(authorize.statusCode).toBe(302);
      expect((await like(b, reader, article.id)).statusCode).toBe(200);
      expect(await stream.events.next(3000)).toMatchObject({ event: 'notice' });
      expect(await stream.events.next(3000)).toMatchObject({ event: 'count' });
      expect(pair.heardFromPostgres()).toContain('repolog_notice');
      expect(await metric(a, 'repolog_redis_fallbacks_total')).toMatch(/use="rate_limits"} [1-9]/);
      expect(await metric(b, 'repolog_redis_fallbacks_total')).toMatch(/use="messages"} [1-9]/);

      // Redis answers again: both instances use it again.
      redis.resume();
      await expectBackOnRedis(pair, stream, reader, article.id, 'Redis answers again');
    } finally {
      stream.close();
    }
  });

  it('is logged once when it stops answering, and once when it answers again', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const link = await connectRedis({ url: redis.url, prefix: redisEnv().REDIS_PREFIX, log });
    try {
      redis.pause();
      await vi.waitFor(() => expect(link.up()).toBe(false), { timeout: 3000 });
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalledOnce());
      expect(log.warn.mock.calls[0]?.[1]).toMatch(/^Redis is unreachable/);
      redis.resume();
      await vi.waitFor(() => expect(link.up()).toBe(true), { timeout: 10_000 });
      expect(log.info).toHaveBeenCalledExactlyOnceWith(
        'Redis is reachable again: cross-instance messages and limits are back on Redis.',
      );
      expect(log.warn).toHaveBeenCalledOnce();
    } finally {
      redis.resume();
      await link.close();
    }
  });
});

describe('REDIS_URL at start', () => {
  it('refuses to start with a sentence naming REDIS_URL when Redis cannot be reached', async () => {
    const config = loadConfig({
      PUBLIC_URL: TEST_ORIGIN,
      SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: '/nonexistent-test-data-dir',
      LOG_LEVEL: 'silent',
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
    const shared = await openSharedTestDatabases();
    try {
      await expect(buildApp({ config, database: shared.first, logger: false })).rejects.toThrow(
        /^REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:\d+ could not be reached \(.*ECONNREFUSED.*\)\. Start Redis, correct REDIS_URL, or leave it unset/,
      );
    } finally {
      await shared.close();
    }
  });

  it('refuses an address that is not redis://', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });
});
