import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.js';

describe('the app shell', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'repolog-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!--meta--><title>x</title><!--/meta--><link rel="modulepreload" crossorigin href="/assets/shared-111.js"></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(webDist, 'assets', 'index-abc123.js'),
      'console.log("repolog");'.repeat(100),
    );
    writeFileSync(path.join(webDist, 'humans.txt'), 'Team: Repolog\n');
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(
      path.join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-111.js' },
        'src/app/routes/article.tsx': {
          file: 'assets/article-222.js',
          imports: ['index.html', '_shared.js'],
          css: ['assets/article-333.css'],
        },
        'src/app/routes/article-write.tsx': {
          file: 'assets/write-444.js',
          imports: ['index.html', '_shared.js'],
        },
      }),
    );
    t = await buildTestApp({ webDist });
  });
  afterAll(() => t.close());

  it('reports a reachable database on /api/health', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      demo: true,
    });
  });

  it('answers an unknown API route with a 404 JSON error', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'No API route GET /api/no-such-thing.',
      key: 'http.noApiRoute',
      params: { method: 'GET', path: '/api/no-such-thing' },
    });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json<{ error: string; message: string }>();
    expect(Object.keys(body).sort()).toEqual(['error', 'key', 'message', 'params']);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('refuses a mutating API call from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: string }>().error).toBe('forbidden');
  });

  it('serves the web app for client routes, with page meta and no caching', async () => {
    const res = await t.request({ method: 'GET', url: '/breakthrough?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(
      '<meta property="og:url" content="http://localhost:3000/breakthrough" />',
    );
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the start page to clients that ask for no compression, and to HEAD', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.request({ method, url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const withQuery = await t.request({ method: 'GET', url: '/?utm_source=newsletter' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<div id="root">');
  });

  it('announces the chunks an article page needs, so they load with the entry', async () => {
    const res = await t.request({ method: 'GET', url: '/breakthrough/25' });
    const preloads = [
      ...res.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g),
    ].map((m) => m[2]);
    // The template's own link to the shared chunk stays the only one.
    expect(preloads).toEqual([
      '/assets/shared-111.js',
      '/api/article/breakthrough/25',
      '/assets/article-222.js',
      '/assets/article-333.css',
    ]);
    // A preload is used only when its credentials mode matches the request that needs it: the
    // stylesheet link Vite adds for a lazy chunk is crossorigin, so is its preload.
    expect(res.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/article-333.css" />',
    );
    const login = await t.request({ method: 'GET', url: '/login' });
    expect(login.body).not.toContain('article-222');
    expect(login.body).not.toContain('/api/article');
  });

  it("sends the write page's code with the app's own, to its member alone", async () => {
    const res = await t.request({ method: 'GET', url: '/blog/32/breakthrough/write?draft=7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const preloads = [
      ...res.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g),
    ].map((m) => m[2]);
    // Its reads are the member's own: the app starts them (a preload would ask without the
    // page's check that someone is signed in).
    expect(preloads).toEqual(['/assets/shared-111.js', '/assets/write-444.js']);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves plain files and 404s a missing asset instead of the app shell', async () => {
    const humans = await t.request({ method: 'GET', url: '/humans.txt' });
    expect(humans.statusCode).toBe(200);
    expect(humans.body).toContain('Team: Repolog');
    const missing = await t.request({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });
});
