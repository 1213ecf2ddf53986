import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { Draft } from '@repolog/contract/drafts';
import type { UploadedImage } from '@repolog/contract/media';
import type { Notice } from '@repolog/contract/notifications';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/client.js';
import { buildTestApp } from './test/app.js';
import { freePort, killNow } from './test/children.js';
import {
  builtServer,
  clusterEnv,
  haproxyBinary,
  haproxyConfig,
  metricOf,
  startBalancer,
  startInstance,
  stopped,
} from './test/cluster.js';
import { createArticle, createBlog, createUser, signIn, type Session } from './test/factories.js';
import { liveEditor, type LiveEditor } from './test/live-editor.js';
import { multipart, pngImage } from './test/media-factories.js';
import { startReplicaPair, type ReplicaPair } from './test/pg-replica.js';
import { dropRedisKeys, redisEnv } from './test/redis.js';
import { startTestS3, type TestS3 } from './test/s3.js';
import { followNotices } from './test/sse.js';

// The cluster of the README's Deployment section, as an operator runs it, with every engine on:
// two instances of the built server (apps/server/dist/server.js) behind HAProxy with
// bench/cluster/haproxy.cfg, a PostgreSQL primary and its streaming replica (scripts/pg-replica.sh),
// Redis (a key prefix of this file's own) and media in S3 (s3rver). Only the PostgreSQL pass runs
// this file (vitest.config.ts): the replica needs PostgreSQL 15's programs. Each instance tells
// its open streams, live connections and requests served on its METRICS_PORT, which is how the
// test knows where the balancer sent what.

const SECRET = 'cluster-test-secret-cluster-test-secret-01';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Instance {
  port: number;
  metricsPort: number;
  process: ChildProcess;
}

/** Requests of one route (its pattern) an instance has answered. */
const served = (instance: Instance, route: string, method = 'GET') =>
  metricOf(instance.metricsPort, 'http_request_duration_seconds_count', { method, route });

it("runs the load balancer's configuration the README's Deployment section shows", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const shown = /```haproxy\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  // The README's example addresses in place of what the cluster fills in.
  let servers = 0;
  const filled = haproxyConfig('*:80', [3000, 3000, 3000, 3000]).replaceAll(
    /127\.0\.0\.1:3000/g,
    () => `10.0.0.${5 + (servers++ % 4)}:3000`,
  );
  expect(filled).toBe(shown);
});

// Waits are for events; the limits are for a busy 2-core CI machine.
describe('two built instances behind HAProxy, with every engine on', { timeout: 60_000 }, () => {
  const redis = redisEnv();
  const instances: Instance[] = [];
  const editors: LiveEditor[] = [];
  let pair: ReplicaPair | undefined;
  let s3: TestS3 | undefined;
  let balancer: ChildProcess | undefined;
  let dataDir: string | undefined;
  let origin: string;
  let dana: Session;
  let sora: Session;
  let blogId: number;
  let articleId: number;
  let stream: ReturnType<typeof followNotices> | undefined;
  /** Comments Sora wrote on Dana's breakthrough: each is one notice for Dana. */
  let comments = 0;

  /** A request through the balancer, as the site's pages send it (signed in as `session`). */
  const send = (
    url: string,
    options: { method?: string; session?: Session; json?: unknown; multipart?: Buffer } = {},
  ) => {
    const upload = options.multipart && multipart(options.multipart);
    return fetch(new URL(url, origin), {
      method: options.method ?? 'GET',
      redirect: 'manual',
      headers: {
        origin,
        ...(options.session ? { cookie: options.session.cookie } : {}),
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...upload?.headers,
      },
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      ...(upload ? { body: new Uint8Array(upload.payload) } : {}),
    });
  };

  /** Sora comments on Dana's breakthrough through the balancer. */
  const comment = async (content: string) => {
    const res = await send('/api/comment', {
      method: 'POST',
      session: sora,
      json: { articleId, content },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    comments += 1;
  };

  /** The instance on which `gauge` (open streams, live connections) counts exactly one. */
  const holding = (gauge: string) =>
    vi.waitFor(
      async () => {
        const counts = await Promise.all(instances.map((i) => metricOf(i.metricsPort, gauge)));
        expect(counts.toSorted()).toEqual([0, 1]);
        return instances[counts.indexOf(1)] as Instance;
      },
      { timeout: 10_000, interval: 50 },
    );

  beforeAll(async () => {
    const haproxy = haproxyBinary();
    builtServer();
    [pair, s3] = await Promise.all([startReplicaPair(), startTestS3()]);
    dataDir = mkdtempSync(path.join(tmpdir(), 'repolog-cluster-'));

    // Dana's team blog (Sora is a member) and her breakthrough, written by an app in this
    // process, which migrates the database first.
    const database = await openDatabase({ url: pair.primaryUrl, poolSize: 2 });
    const t = await buildTestApp({ database, env: { SECRET } });
    try {
      const owner = await createUser(t);
      const member = await createUser(t);
      [dana, sora] = [await signIn(t, owner), await signIn(t, member)];
      const blog = await createBlog(t, { owner, members: [member] });
      blogId = blog.id;
      articleId = (await createArticle(t, { blog, author: owner, title: 'Found the leak' })).id;
    } finally {
      await t.close();
      await database.close();
    }

    const ports = new Set<number>();
    while (ports.size < 5) ports.add(await freePort());
    const [lbPort = 0, ...own] = [...ports];
    origin = `http://127.0.0.1:${lbPort}`;
    const env = (port: number, metricsPort: number) => ({
      ...clusterEnv({
        databaseUrl: pair?.primaryUrl ?? '',
        readUrl: pair?.replicaUrl,
        redis,
        s3: s3?.env(),
      }),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      PUBLIC_URL: origin,
      SECRET,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      GITHUB_CLIENT_ID: 'cluster-test',
      GITHUB_CLIENT_SECRET: 'cluster-test',
      DATA_DIR: dataDir ?? '',
      // No page is rendered here: one thread (not one per core) loads the page renderer.
      PAGE_RENDER_THREADS: '1',
    });
    await Promise.all(
      [0, 2].map(async (n) => {
        const [port = 0, metricsPort = 0] = own.slice(n, n + 2);
        instances.push({ port, metricsPort, process: await startInstance(env(port, metricsPort)) });
      }),
    );
    instances.sort((a, b) => a.port - b.port);
    balancer = await startBalancer(
      haproxy,
      lbPort,
      instances.map((i) => i.port),
    );
  }, 180_000);

  afterAll(async () => {
    for (const editor of editors) editor.destroy();
    await stream?.close();
    if (balancer) await stopped(balancer);
    await Promise.all(instances.map((i) => stopped(i.process, 'SIGKILL')));
    await s3?.close();
    await pair?.close();
    await dropRedisKeys(redis.REDIS_PREFIX);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves an image uploaded through the balancer from the S3 bucket, on either instance', async () => {
    const uploaded = await send('/api/media', {
      method: 'POST',
      session: sora,
      multipart: await pngImage(120, 80, '#2f9e44'),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const image = (await uploaded.json()) as UploadedImage;
    const object = await s3?.store.get(`media/${image.hash}.webp`);
    expect(object && sha256(object)).toBe(image.hash);

    // Round robin: two reads, one from each instance, both the bucket's bytes.
    for (const _ of [1, 2]) {
      const read = await send(image.url);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/webp');
      expect(sha256(Buffer.from(await read.arrayBuffer()))).toBe(image.hash);
    }
    for (const instance of instances) expect(await served(instance, '/media/:file')).toBe(1);
  });

  it("holds a route's rate limit for the whole cluster, not per instance", async () => {
    // Sign-in's start allows 30 a minute per client; 40 tries spread over both instances.
    const statuses: number[] = [];
    for (let n = 0; n < 40; n += 1) {
      statuses.push((await send('/api/auth/github/authorize')).status);
    }
    expect(statuses.filter((status) => status === 302)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const instance of instances) {
      expect(await served(instance, '/api/auth/github/authorize')).toBeGreaterThan(0);
    }
  });

  it('pushes a notice once to a stream on one instance when the write went through the other', async () => {
    stream = followNotices(origin, dana);
    const streamOn = await holding('repolog_notification_streams_open');
    const other = instances.find((i) => i !== streamOn) as Instance;
    // Sora comments until a comment went through the other instance (round robin: the first or
    // the second).
    while ((await served(other, '/api/comment', 'POST')) === 0 && comments < 4) {
      await comment(`Comment ${comments + 1}`);
    }
    expect(await served(other, '/api/comment', 'POST')).toBe(1);

    const notices = stream.notices;
    await expect.poll(() => notices.length, { timeout: 10_000 }).toBe(comments);
    expect(notices.map((notice) => notice.type)).toEqual(
      Array<string>(comments).fill(NOTICE_TYPES.comment),
    );
    expect(notices[0]).toMatchObject({
      instigator: sora.userName,
      relatedId: { articleId },
      articleTitle: 'Found the leak',
    });
    // The notifications list holds the same ones, each once.
    const ids = (list: Notice[]) => list.map((notice) => notice.noticeId).toSorted();
    await expect
      .poll(async () =>
        ids((await (await send('/api/notice', { session: dana })).json()) as Notice[]),
      )
      .toEqual(ids(notices));
  });

  let draftId: number;
  /** Which instance each co-editor's WebSocket is on. */
  const placed = new Map<Instance, LiveEditor>();
  const openEditor = (session: Session) => {
    const editor = liveEditor({
      baseUrl: origin,
      draftId,
      origin,
      cookie: session.cookie,
      login: session.userName,
    });
    editors.push(editor);
    return editor;
  };

  it('lets two co-editors on different instances type at once and end with the same text', async () => {
    const created = await send(`/api/blog/${blogId}/drafts`, {
      method: 'POST',
      session: dana,
      json: { title: 'Written by two', content: '' },
    });
    expect(created.status).toBe(200);
    draftId = ((await created.json()) as Draft).draftId;

    const a = openEditor(dana);
    await a.synced();
    const aOn = await holding('repolog_live_draft_connections');
    placed.set(aOn, a);
    const b = openEditor(sora);
    await b.synced();
    // leastconn sends the second WebSocket to the instance with none.
    await vi.waitFor(
      async () => {
        for (const i of instances) {
          expect(await metricOf(i.metricsPort, 'repolog_live_draft_connections')).toBe(1);
        }
      },
      { timeout: 10_000, interval: 50 },
    );
    placed.set(instances.find((i) => i !== aOn) as Instance, b);

    a.type(0, 'Dana: the pool ran dry. ');
    b.type(0, 'Sora: the timeout was 0. ');
    await a.until(
      () => a.text() === b.text() && a.text().includes('Dana:') && a.text().includes('Sora:'),
      'the texts to meet',
      10_000,
    );
    await Promise.all([a.stored(), b.stored()]);
  });

  it('keeps answering when the instance with the stream and an editor is SIGKILLed: they reconnect to the other', async () => {
    const victim = await holding('repolog_notification_streams_open');
    const survivor = instances.find((i) => i !== victim) as Instance;
    const there = placed.get(victim) as LiveEditor;
    const elsewhere = placed.get(survivor) as LiveEditor;
    const drops = there.drops();
    const streamConnects = stream?.connects() ?? 0;

    // Reads through the balancer while the instance dies and until everything reconnected:
    // the ones sent to the dead instance before its health checks fail are sent to the other.
    const statuses: number[] = [];
    let reconnected = false;
    const reads = (async () => {
      while (!reconnected || statuses.length < 10) {
        statuses.push((await send(`/api/article/breakthrough/${articleId}`)).status);
        // A steady reader, about 20 requests a second (the API's per-client limit is 1200/min).
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await killNow(victim.process);

    await vi.waitFor(() => expect(stream?.connects()).toBe(streamConnects + 1), {
      timeout: 30_000,
      interval: 20,
    });
    await there.until(
      () => there.drops() > drops && there.provider.wsconnected && there.provider.synced,
      'the editor to reconnect through the balancer',
      30_000,
    );
    reconnected = true;
    await reads;
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Both are on the instance left.
    expect(await metricOf(survivor.metricsPort, 'repolog_notification_streams_open')).toBe(1);
    expect(await metricOf(survivor.metricsPort, 'repolog_live_draft_connections')).toBe(2);

    // The reconnected editor's next edit reaches the other editor.
    there.type(there.text().length, ' After the crash.');
    await elsewhere.until(
      () => elsewhere.text().includes('After the crash.'),
      'the edit to reach the other editor',
      10_000,
    );
    expect(elsewhere.text()).toBe(there.text());

    // The reconnected stream gets the next notice; no notice came twice.
    await comment('After the crash');
    const notices = stream?.notices ?? [];
    await expect.poll(() => notices.length, { timeout: 10_000 }).toBe(comments);
    expect(new Set(notices.map((n) => n.noticeId)).size).toBe(comments);
  });
});
