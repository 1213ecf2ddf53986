import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/children.js';
import { openSharedTestDatabases } from '../test/database.js';
import { redisEnv, silencingProxy, startRedisServer } from '../test/redis.js';
import { postgresBus, type MessageBus } from './message-bus.js';
import { messageIds } from './message-ids.js';
import { redisBus } from './redis-bus.js';
import { connectRedis, type RedisLink } from './redis.js';

const CHANNEL = 'repolog_draft';
const silent = { warn: () => undefined, info: () => undefined };

describe('a message published while Redis hangs', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let env: ReturnType<typeof redisEnv>;
  /** Instance A publishes; A and B both listen. */
  let links: RedisLink[];
  let buses: MessageBus[];
  /** A plain Redis subscriber: what Redis itself delivered. */
  let watcher: Redis;
  const onWire: string[] = [];
  const unlistens: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(await freePort());
    env = redisEnv(redis.url);
    shared = await openSharedTestDatabases();
    links = await Promise.all(
      [0, 1].map(() => connectRedis({ url: env.REDIS_URL, prefix: env.REDIS_PREFIX, log: silent })),
    );
    buses = [shared.first, shared.second].map((database, n) =>
      redisBus(links[n] as RedisLink, postgresBus(database), (error) => {
        throw error;
      }),
    );
    watcher = new Redis(redis.url);
    watcher.on('message', (_channel: string, payload: string) => onWire.push(payload));
    await watcher.subscribe(`${env.REDIS_PREFIX}${CHANNEL}`);
  });
  afterEach(async () => {
    redis.resume();
    for (const unlisten of unlistens.splice(0)) await unlisten();
  });
  afterAll(async () => {
    watcher.disconnect();
    for (const link of links) await link.close();
    await shared.close();
    redis.kill();
  });

  /** Both instances' subscriptions, noting what each handed to its listeners. */
  async function listen() {
    const heard = { a: [] as string[], b: [] as string[] };
    const [a, b] = buses as [MessageBus, MessageBus];
    unlistens.push(await a.subscribe(CHANNEL, (payload) => heard.a.push(payload)));
    unlistens.push(await b.subscribe(CHANNEL, (payload) => heard.b.push(payload)));
    return heard;
  }

  /**
   * Publishes `payload` on A while Redis hangs: the publish times out and the message goes
   * through PostgreSQL; then Redis resumes and delivers the publish it was holding.
   */
  async function publishDuringHang(payload: string, heard: { a: string[]; b: string[] }) {
    const [a] = buses as [MessageBus];
    const link = links[0] as RedisLink;
    const fellBack = link.fallbacks().get('messages') ?? 0;
    redis.pause();
    await a.publish(CHANNEL, payload);
    expect(link.fallbacks().get('messages')).toBe(fellBack + 1);
    await vi.waitFor(() => expect(heard.b).toContain(payload), { timeout: 5000 });
    redis.resume();
    // The timed-out publish marked Redis down on A until its health check is answered.
    expect(link.up()).toBe(false);
    await vi.waitFor(() => expect(link.up()).toBe(true), { timeout: 5000 });
    // Redis runs the held publish before this one, and each connection hears them in that
    // order: once both instances hear the marker, the late copy has reached them too.
    const marker = `after ${randomUUID()}`;
    await a.publish(CHANNEL, marker);
    expect(link.fallbacks().get('messages')).toBe(fellBack + 1);
    await vi.waitFor(() => {
      expect(heard.a).toContain(marker);
      expect(heard.b).toContain(marker);
    });
    // Redis did deliver the timed-out publish after all.
    await vi.waitFor(() => expect(onWire.filter((p) => p.endsWith(payload))).toHaveLength(1));
    return marker;
  }

  it('reaches every instance exactly once, though Redis delivers it after PostgreSQL did', async () => {
    const heard = await listen();
    const marker = await publishDuringHang('{"draftId":1,"awareness":"typing"}', heard);
    expect(heard.b).toEqual(['{"draftId":1,"awareness":"typing"}', marker]);
    expect(heard.a).toEqual(['{"draftId":1,"awareness":"typing"}', marker]);
  });

  it('carries the largest inline co-editing change through PostgreSQL’s NOTIFY (under 8000 bytes)', async () => {
    const heard = await listen();
    // A stored change sent inline (live-relay.ts: up to 5000 bytes, base64) with the largest ids.
    const change = JSON.stringify({
      from: randomUUID(),
      draftId: 2 ** 31 - 1,
      id: Number.MAX_SAFE_INTEGER,
      update: randomBytes(5000).toString('base64'),
    });
    const marker = await publishDuringHang(change, heard);
    // (Compared by count: a failure would print the whole change.)
    expect(heard.b.filter((payload) => payload === change)).toHaveLength(1);
    expect(heard.b).toHaveLength(2);
    expect(heard.b.at(-1)).toBe(marker);
  });
});

describe('a connection to Redis that goes silent for good', () => {
  it('counts Redis down, then makes its connections afresh and is up again, subscriptions too', async () => {
    const proxy = await silencingProxy();
    const env = redisEnv(proxy.url);
    const channel = `${env.REDIS_PREFIX}${CHANNEL}`;
    const link = await connectRedis({ url: proxy.url, prefix: env.REDIS_PREFIX, log: silent });
    const heard: string[] = [];
    link.subscriber.on('message', (_channel: string, payload: string) => heard.push(payload));
    await link.subscriber.subscribe(channel);
    try {
      proxy.silence();
      await vi.waitFor(() => expect(link.up()).toBe(false), { timeout: 3000 });
      // The silenced connections never pass anything again: only new ones reach Redis.
      proxy.heal();
      await vi.waitFor(() => expect(link.up()).toBe(true), { timeout: 10_000 });
      await vi.waitFor(async () => {
        await link.commands.publish(channel, 'over a new connection');
        expect(heard).toContain('over a new connection');
      });
    } finally {
      await link.close();
      proxy.close();
    }
  });
});

describe('message ids', () => {
  it('pass each message on once, and forget the oldest ids beyond their capacity', () => {
    const sender = messageIds();
    const receiver = messageIds(3);
    const first = sender.stamp('{"recipientId":1}');
    expect(first.length - '{"recipientId":1}'.length).toBeLessThanOrEqual(21);
    expect(receiver.open(first)).toBe('{"recipientId":1}');
    expect(receiver.open(first)).toBeUndefined();
    for (const n of [2, 3, 4]) expect(receiver.open(sender.stamp(`{"n":${n}}`))).toBeDefined();
    // The memory holds three ids: the first has been forgotten.
    expect(receiver.open(first)).toBe('{"recipientId":1}');
  });

  it('pass on as it is a message without an id (an instance of an earlier version)', () => {
    expect(messageIds().open('{"from":"a b","scope":"article"}')).toBe(
      '{"from":"a b","scope":"article"}',
    );
  });
});
