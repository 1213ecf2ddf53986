import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate } from './paging';
import type { RunningStub } from './test-utils';
import { api, rawGet, signIn, startStub } from './test-utils';

/** Parses a Link header into rel -> URL. */
function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (header ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)) out[m[2] ?? ''] = m[1] ?? '';
  return out;
}

describe('paginate', () => {
  const items = Array.from({ length: 95 }, (_, i) => i);
  const q = (s: string) => new URLSearchParams(s);

  it('defaults to 30 per page with next and last links that keep other parameters', () => {
    const page = paginate(items, 'http://h/p', '/api/v3/x', q('state=all'));
    expect(page.items).toEqual(items.slice(0, 30));
    expect(links(page.link)).toEqual({
      next: 'http://h/p/api/v3/x?state=all&page=2',
      last: 'http://h/p/api/v3/x?state=all&page=4',
    });
  });

  it('gives prev, next, last and first in the middle; only prev and first at the end', () => {
    const middle = paginate(items, 'http://h', '/x', q('per_page=10&page=5'));
    expect(middle.items).toEqual(items.slice(40, 50));
    expect(Object.keys(links(middle.link))).toEqual(['prev', 'next', 'last', 'first']);
    expect(links(middle.link).last).toBe('http://h/x?per_page=10&page=10');
    const end = paginate(items, 'http://h', '/x', q('per_page=10&page=10'));
    expect(end.items).toEqual(items.slice(90));
    expect(links(end.link)).toEqual({
      prev: 'http://h/x?per_page=10&page=9',
      first: 'http://h/x?per_page=10&page=1',
    });
  });

  it('caps per_page at 100, ignores nonsense, and sends no Link for a single page', () => {
    const many = Array.from({ length: 250 }, (_, i) => i);
    expect(paginate(many, 'http://h', '/x', q('per_page=500')).items).toHaveLength(100);
    expect(paginate(many, 'http://h', '/x', q('per_page=abc&page=-2')).items).toEqual(
      many.slice(0, 30),
    );
    expect(paginate([1, 2], 'http://h', '/x', q('')).link).toBeNull();
  });
});

describe('paging and conditional requests over HTTP', () => {
  let s: RunningStub;
  let token: string;
  beforeAll(async () => {
    s = await startStub();
    token = await signIn(s.url, 'alex-chen');
  });
  afterAll(() => s.close());

  it('builds absolute Link URLs from the Host header and caps per_page at 100', async () => {
    for (let i = 0; i < 110; i += 1) {
      s.stub.addIssue('alex-chen/pgbench-notes', {
        title: `Benchmark run ${i}`,
        user: 'alex-chen',
      });
    }
    const res = await api(s.url, '/repos/alex-chen/pgbench-notes/issues?state=all&per_page=250');
    const body = (await res.json()) as unknown[];
    expect(body).toHaveLength(100);
    const rel = links(res.headers.get('link'));
    expect(rel.next).toBe(
      `${s.url}/api/v3/repos/alex-chen/pgbench-notes/issues?state=all&per_page=250&page=2`,
    );
    expect(rel.last).toBe(rel.next);
    const second = await fetch(rel.next ?? '');
    expect(((await second.json()) as unknown[]).length).toBe(120 - 100);
    expect(Object.keys(links(second.headers.get('link')))).toEqual(['prev', 'first']);

    const viaOtherHost = await rawGet(
      `${s.url}/api/v3/repos/alex-chen/pgbench-notes/issues?state=all`,
      { host: 'github.example.test:8443', 'x-forwarded-proto': 'https' },
    );
    expect(links(String(viaOtherHost.headers.link)).next).toBe(
      'https://github.example.test:8443/api/v3/repos/alex-chen/pgbench-notes/issues?state=all&page=2',
    );
  });

  it('answers If-None-Match with 304 (free of charge) and changes the ETag after addIssue', async () => {
    const path = '/repos/repolog-team/backend/issues?state=all';
    const first = await api(s.url, path, token);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const used = Number(first.headers.get('x-ratelimit-used'));

    const cached = await api(s.url, path, token, { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
    expect(cached.headers.get('etag')).toBe(etag);
    expect(Number(cached.headers.get('x-ratelimit-used'))).toBe(used);
    expect(cached.headers.get('x-ratelimit-resource')).toBe('core');

    const weak = await api(s.url, path, token, { 'if-none-match': `W/${etag}` });
    expect(weak.status).toBe(304);

    s.stub.addIssue('repolog-team/backend', {
      title: 'Feed endpoint times out',
      user: 'jisoo-han',
    });
    const changed = await api(s.url, path, token, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const issues = (await changed.json()) as { title: string; number: number }[];
    expect(issues[0]).toMatchObject({ title: 'Feed endpoint times out', number: 17 });
  });

  it('reports the rate limit on every API response', async () => {
    const anon = await api(s.url, '/users/octocat');
    expect(anon.headers.get('x-ratelimit-limit')).toBe('60');
    const authed = await api(s.url, '/users/octocat', token);
    expect(authed.headers.get('x-ratelimit-limit')).toBe('5000');
    const remaining = Number(authed.headers.get('x-ratelimit-remaining'));
    const used = Number(authed.headers.get('x-ratelimit-used'));
    expect(remaining + used).toBe(5000);
    expect(Number(authed.headers.get('x-ratelimit-reset')) * 1000).toBeGreaterThan(Date.now());
    const notFound = await api(s.url, '/nope', token);
    expect(notFound.headers.get('x-ratelimit-used')).toBe(String(used + 1));
  });
});
