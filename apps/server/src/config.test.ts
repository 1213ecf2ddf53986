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

  it('renders pages ahead in both interface languages unless told otherwise', () => {
    expect(loadConfig(base).pageFillLanguages).toEqual(['en', 'ko']);
    expect(loadConfig({ ...base, PAGE_FILL: 'off' }).pageFillLanguages).toEqual([]);
    expect(loadConfig({ ...base, PAGE_FILL: ' ko, ko ' }).pageFillLanguages).toEqual(['ko']);
    expect(() => loadConfig({ ...base, PAGE_FILL: 'en,fr' })).toThrow(
      /PAGE_FILL[\s\S]*use off, or interface languages separated by commas/,
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
