import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser, signIn } from '../test/factories.js';
import { startMetricsServer } from './metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line of a Prometheus text scrape, or undefined. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}) {
  for (const line of scrape.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const matches = Object.entries(labels).every(([key, value]) =>
      line.includes(`${key}="${value}"`),
    );
    if (matches) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.request({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('answers only the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('shows request durations by route and status, caches, streams, the render queue and events', async () => {
    const author = await createUser(t);
    const reader = await signIn(t, await createUser(t));
    const blog = await createBlog(t, { owner: author });
    const article = await createArticle(t, { blog, author });
    // The clock stands still, so the cached view cannot expire between the reads.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await t.request({ method: 'GET', url: `/api/article/breakthrough/${article.id}` }))
          .statusCode,
      ).toBe(200);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/article/breakthrough/99999999' })).statusCode,
    ).toBe(404);
    const liked = await t.request({
      method: 'PUT',
      url: `/api/article/${article.id}/like`,
      headers: { cookie: reader.cookie },
      payload: { articleId: article.id },
    });
    expect(liked.statusCode).toBe(200);
    vi.useRealTimers();

    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    const route = '/api/article/breakthrough/:articleId';
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(body, 'http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_code: '200',
      }),
    ).toBe(3);
    expect(sample(body, 'http_request_duration_seconds_count', { route, status_code: '404' })).toBe(
      1,
    );
    expect(
      sample(body, 'http_request_duration_seconds_bucket', {
        route,
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(3);
    // Three reads of one article: the first loads it, the next ones find it cached.
    expect(
      sample(body, 'repolog_microcache_requests_total', { cache: 'article_views', result: 'hit' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(body, 'repolog_microcache_requests_total', { cache: 'article_views', result: 'miss' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'repolog_notification_streams_open')).toBe(0);
    expect(sample(body, 'repolog_markdown_render_queue')).toBe(0);
    expect(sample(body, 'repolog_events_delivered_total', { event: 'article.liked' })).toBe(1);
    expect(sample(body, 'repolog_events_pending')).toBe(0);
    expect(body).toContain('process_cpu_seconds_total');
    if (t.database.kind === 'postgres') {
      expect(sample(body, 'repolog_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are not served on the site’s port (404), only on METRICS_PORT', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });

    expect((await t.request({ method: 'GET', url: '/api/home/article' })).statusCode).toBe(200);
    const server = await startMetricsServer(t.app.metrics.registry, {
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const scrape = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(scrape.status).toBe(200);
      const body = await scrape.text();
      expect(
        sample(body, 'http_request_duration_seconds_count', {
          route: '/api/home/article',
          status_code: '200',
        }),
      ).toBe(1);
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
