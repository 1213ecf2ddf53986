import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = {
  SECRET: 'a-secret-that-is-long-enough-for-tests-0001',
  DATA_DIR: '/tmp/repolog-config-test',
};

describe('configuration', () => {
  it('runs in demo mode on the embedded database by default, at localhost:PORT', () => {
    const config = loadConfig({ ...base, PORT: '4100' });
    expect(config).toMatchObject({
      demo: true,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:4100',
      officialBlogId: 39,
      developerBlogIds: [32, 38],
      bannerArticleId: 25,
    });
  });

  it('keeps data in ./data of the folder npm was started from', () => {
    const config = loadConfig({ SECRET: base.SECRET, INIT_CWD: '/srv/repolog' });
    expect(config.dataDir).toBe(path.resolve('/srv/repolog', 'data'));
  });

  it('refuses demo mode in production, and production without a SECRET', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 's',
        DATA_DIR: '/tmp/x',
      }),
    ).toThrow(/SECRET/);
  });

  it('needs the client secret with a GitHub OAuth app, and lists every bad setting', () => {
    expect(() => loadConfig({ ...base, GITHUB_CLIENT_ID: 'id' })).toThrow(/GITHUB_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, PORT: 'eighty', DEVELOPER_BLOG_IDS: '32,x' })).toThrow(
      /PORT[\s\S]*DEVELOPER_BLOG_IDS/,
    );
  });

  it('bounds the stored pages by count and megabytes, and reads the CDN settings', () => {
    expect(loadConfig(base).pageStore).toEqual({ maxPages: 10_000, maxBytes: 256 * 1024 * 1024 });
    expect(loadConfig({ ...base, PAGE_STORE_PAGES: '50', PAGE_STORE_MB: '1.5' }).pageStore).toEqual(
      { maxPages: 50, maxBytes: 1.5 * 1024 * 1024 },
    );
    expect(() => loadConfig({ ...base, PAGE_STORE_PAGES: '0' })).toThrow(/PAGE_STORE_PAGES/);
    expect(loadConfig(base).cdn).toEqual({
      purgeUrl: undefined,
      sMaxAge: 60,
      staleWhileRevalidate: 60,
    });
    expect(() => loadConfig({ ...base, CDN_PURGE_URL: 'not a url' })).toThrow(/CDN_PURGE_URL/);
  });

  it('reads a GitHub App from all four settings, the key as PEM or a file, or none at all', () => {
    const oauth = { ...base, GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
    expect(loadConfig(oauth).githubApp).toBeUndefined();
    const pem = '-----BEGIN RSA PRIVATE KEY-----\\nAAAA\\n-----END RSA PRIVATE KEY-----';
    const app = {
      ...oauth,
      GITHUB_APP_ID: '12345',
      GITHUB_APP_SLUG: 'repolog-example',
      GITHUB_APP_WEBHOOK_SECRET: 'hook-secret',
      GITHUB_APP_PRIVATE_KEY: pem,
    };
    expect(loadConfig(app).githubApp).toEqual({
      appId: 12345,
      slug: 'repolog-example',
      webhookSecret: 'hook-secret',
      privateKey: '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n',
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'repolog-app-')), 'app.pem');
    writeFileSync(file, '-----BEGIN PRIVATE KEY-----\nBBBB\n-----END PRIVATE KEY-----\n');
    expect(loadConfig({ ...app, GITHUB_APP_PRIVATE_KEY: file }).githubApp?.privateKey).toContain(
      'BBBB',
    );
    expect(() => loadConfig({ ...app, GITHUB_APP_PRIVATE_KEY: '/no/such/key.pem' })).toThrow(
      /neither a PEM key nor a readable file/,
    );
    expect(() => loadConfig({ ...oauth, GITHUB_APP_ID: '12345' })).toThrow(
      /missing: GITHUB_APP_PRIVATE_KEY, GITHUB_APP_SLUG, GITHUB_APP_WEBHOOK_SECRET/,
    );
  });

  it('reads GitHub Enterprise addresses without trailing slashes', () => {
    const config = loadConfig({
      ...base,
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 's',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
      GITHUB_WEB_URL: 'https://ghe.example.com/',
    });
    expect(config.github).toMatchObject({
      apiUrl: 'https://ghe.example.com/api/v3',
      webUrl: 'https://ghe.example.com',
    });
    expect(config.demo).toBe(false);
  });
});
