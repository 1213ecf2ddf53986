import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
import {
  createBlog,
  createUser,
  giveGithubToken,
  loginWithGitHub,
  type Session,
} from '../test/factories.js';

let t: TestApp;
let dana: Session;
const url = (repo: string) => `${t.config.publicUrl}/__github/${repo}`;
const get = (path: string, cookie?: string) =>
  t.request({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await buildTestApp({ env: { GITHUB_WEBHOOK_SECRET: 'hook-secret' }, githubTimeoutMs: 400 });
  dana = await loginWithGitHub(t, 'dana-kim');
});
afterAll(() => t.close());
afterEach(() => {
  Object.assign(t.stub.faults, { latencyMs: 0, failStatus: null, rateLimited: false, hang: false });
});

async function blogFor(repo: string, ownerId: number, isPrivate = false) {
  const [owner] = await t.database.db.select().from(users).where(eq(users.id, ownerId));
  if (!owner) throw new Error('owner missing');
  return createBlog(t, { owner, repo, private: isPrivate });
}

describe('GET /api/repos', () => {
  it("lists the user's repositories, private ones included", async () => {
    const res = await get('/api/repos', dana.cookie);
    expect(res.statusCode).toBe(200);
    const repos = res.json<{ full_name: string; html_url: string; private: boolean }[]>();
    const names = repos.map((r) => r.full_name);
    expect(names).toEqual(
      expect.arrayContaining(['repolog-team/frontend', 'dana-kim/hangul-keyboard-lab']),
    );
    expect(names).not.toContain('jisoo-han/kafka-outbox');
    expect(repos[0]?.html_url).toMatch(/^http:\/\/localhost:3000\/__github\//);
  });

  it('says which repositories already have a blog (there can be only one per repository)', async () => {
    const blog = await createBlog(t, {
      owner: { id: dana.userId },
      repo: 'dana-kim/hangul-keyboard-lab',
    });
    const repos = (await get('/api/repos', dana.cookie)).json<
      { full_name: string; blogId: number | null }[]
    >();
    expect(repos.find((r) => r.full_name === 'dana-kim/hangul-keyboard-lab')?.blogId).toBe(blog.id);
    expect(repos.find((r) => r.full_name === 'repolog-team/frontend')?.blogId).toBeNull();
  });

  it('is for signed-in users only', async () => {
    expect((await get('/api/repos')).statusCode).toBe(401);
  });

  it('serves the cached list with a clear message when GitHub is down', async () => {
    const minjun = await loginWithGitHub(t, 'minjun-park');
    const first = await get('/api/repos', minjun.cookie);
    expect(first.statusCode).toBe(200);
    // Make the cached copy old enough to revalidate, then break GitHub.
    await t.database.db.execute(
      sql`UPDATE repo_cache SET checked_at = now() - interval '2 minutes'`,
    );
    t.stub.faults.failStatus = 502;
    const res = await get('/api/repos', minjun.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first.json());
    expect(res.headers['x-repolog-activity-status']).toBe('stale');
    expect(decodeURIComponent(String(res.headers['x-repolog-activity-message']))).toMatch(
      /GitHub is not answering/,
    );
    const notice = JSON.parse(
      decodeURIComponent(String(res.headers['x-repolog-activity-notice'])),
    ) as unknown;
    expect(notice).toEqual({
      key: 'github.reposAsOf',
      params: {
        reason: { key: 'github.reason.down', params: {} },
        until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      },
    });
  });

  it('answers an empty list with a message when GitHub is rate-limited and nothing is cached', async () => {
    const sora = await loginWithGitHub(t, 'sora-lee');
    t.stub.faults.rateLimited = true;
    const res = await get('/api/repos', sora.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-repolog-activity-status']).toBe('unavailable');
    expect(decodeURIComponent(String(res.headers['x-repolog-activity-message']))).toMatch(
      /rate limit/,
    );
    expect(
      JSON.parse(decodeURIComponent(String(res.headers['x-repolog-activity-notice']))),
    ).toEqual({
      key: 'github.reposUnavailable',
      params: { reason: { key: 'github.reason.rateLimited', params: {} } },
    });
  });

  it('does not hang when GitHub never answers', async () => {
    const alex = await loginWithGitHub(t, 'alex-chen');
    t.stub.faults.hang = true;
    const started = Date.now();
    const res = await get('/api/repos', alex.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-repolog-activity-status']).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('GET /api/check-user', () => {
  it('says whether a GitHub login exists (case-insensitive, anonymous allowed)', async () => {
    expect((await get('/api/check-user?username=OctoCat')).json()).toEqual({ isexists: true });
    expect((await get('/api/check-user?username=no-such-person-here')).json()).toEqual({
      isexists: false,
    });
    expect((await get('/api/check-user?username=bad login!')).json()).toEqual({ isexists: false });
  });

  it('refuses a missing username with 400 naming the field', async () => {
    const res = await get('/api/check-user');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/username/);
  });

  it('answers 502 with a clear message (never 500) when GitHub fails', async () => {
    t.stub.faults.failStatus = 503;
    const res = await get('/api/check-user?username=octocat', dana.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'github_unavailable' });
    expect(res.json<{ message: string }>().message).toMatch(/could not be checked/);
  });
});

describe('GET /api/issues-and-commits', () => {
  it('lists issues, pull requests and commits of a linked repository, newest first', async () => {
    await blogFor('repolog-team/frontend', dana.userId);
    const res = await get(
      `/api/issues-and-commits?html_url=${encodeURIComponent(url('repolog-team/frontend'))}`,
    );
    expect(res.statusCode).toBe(200);
    const items =
      res.json<{ type: string; title: string; date: string; url: string; state: string }[]>();
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['Commit', 'Issue', 'PullRequest']));
    const dates = items.map((i) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(items[0]?.url).toMatch(/\/__github\/repolog-team\/frontend\//);

    const titles = await get(
      `/api/issues-and-commits/title?html_url=${encodeURIComponent(url('repolog-team/frontend'))}`,
    );
    expect(titles.json()).toEqual(items.map((i) => ({ title: i.title, type: i.type })));
  });

  it('asks GitHub at most once a minute per repository; a webhook makes the next view fresh', async () => {
    const path = `/api/issues-and-commits?html_url=${encodeURIComponent(url('repolog-team/frontend'))}`;
    await get(path);
    t.stub.addIssue('repolog-team/frontend', {
      title: 'Brand new issue from the test',
      user: 'dana-kim',
    });
    const cached = await get(path);
    expect(cached.json<{ title: string }[]>().map((i) => i.title)).not.toContain(
      'Brand new issue from the test',
    );

    const body = JSON.stringify({
      action: 'opened',
      repository: { full_name: 'repolog-team/frontend' },
    });
    const signature = `sha256=${createHmac('sha256', 'hook-secret').update(body).digest('hex')}`;
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/github',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issues',
        'x-hub-signature-256': signature,
      },
      payload: body,
    });
    expect(hook.statusCode).toBe(202);
    const fresh = await get(path);
    expect(fresh.json<{ title: string }[]>()[0]?.title).toBe('Brand new issue from the test');
  });

  it('refuses a webhook with a wrong signature', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/github',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'push',
        'x-hub-signature-256': 'sha256=00',
      },
      payload: '{"repository":{"full_name":"repolog-team/frontend"}}',
    });
    expect(res.statusCode).toBe(401);
  });

  it('shows a private repository only to its blog members', async () => {
    const minjun = await loginWithGitHub(t, 'minjun-park');
    await blogFor('repolog-team/infra', minjun.userId, true);
    const path = `/api/issues-and-commits?html_url=${encodeURIComponent(url('repolog-team/infra'))}`;
    expect((await get(path)).statusCode).toBe(403);
    expect((await get(path, dana.cookie)).statusCode).toBe(403);
    const member = await get(path, minjun.cookie);
    expect(member.statusCode).toBe(200);
    expect(member.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('serves the last cached activity when GitHub fails, and an empty list when nothing is cached', async () => {
    const path = `/api/issues-and-commits?html_url=${encodeURIComponent(url('repolog-team/frontend'))}`;
    const before = await get(path);
    await t.database.db.execute(
      sql`UPDATE repo_cache SET checked_at = now() - interval '5 minutes'`,
    );
    t.stub.faults.failStatus = 500;
    const stale = await get(path);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(before.json());
    expect(stale.headers['x-repolog-activity-status']).toBe('stale');

    const owner = await createUser(t);
    await giveGithubToken(t, owner.id, 'gho_unused');
    await createBlog(t, { owner, repo: 'alex-chen/pgbench-notes' });
    const empty = await get(
      `/api/issues-and-commits?html_url=${encodeURIComponent(url('alex-chen/pgbench-notes'))}`,
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-repolog-activity-status']).toBe('unavailable');
  });

  it('refuses a URL that is not a repository on the configured GitHub, and repositories without a blog', async () => {
    const bad = await get(
      `/api/issues-and-commits?html_url=${encodeURIComponent('https://gitlab.com/a/b')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(
      /html_url must be a repository address/,
    );
    const none = await get(
      `/api/issues-and-commits?html_url=${encodeURIComponent(url('octocat/Hello-World'))}`,
    );
    expect(none.statusCode).toBe(404);
  });
});
