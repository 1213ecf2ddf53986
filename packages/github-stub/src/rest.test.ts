import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStub } from './test-utils';
import { api, signIn, startStub } from './test-utils';

interface Repo {
  full_name: string;
  private: boolean;
  html_url: string;
  owner: { login: string; id: number };
  updated_at: string;
  pushed_at: string;
}

let s: RunningStub;
let dana: string;
let minjun: string;
beforeAll(async () => {
  s = await startStub();
  dana = await signIn(s.url, 'dana-kim');
  minjun = await signIn(s.url, 'minjun-park');
});
afterAll(() => s.close());

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

describe('users', () => {
  it('GET /user returns the signed-in account', async () => {
    const res = await api(s.url, '/user', dana);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      login: 'dana-kim',
      id: 51203417,
      name: 'Dana Kim',
      type: 'User',
      html_url: `${s.url}/dana-kim`,
      avatar_url: `${s.url}/avatars/u/51203417?v=4`,
    });
    const avatar = await fetch(`${s.url}/avatars/u/51203417?v=4`);
    expect(avatar.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await avatar.text()).toContain('>DK<');
  });

  it('GET /user without a token is 401 Requires authentication', async () => {
    const res = await api(s.url, '/user');
    expect(res.status).toBe(401);
    expect(await json<{ message: string }>(res)).toMatchObject({
      message: 'Requires authentication',
    });
  });

  it('accepts "token <t>" and rejects unknown tokens with Bad credentials, even on public data', async () => {
    const ok = await fetch(`${s.url}/api/v3/user`, { headers: { authorization: `token ${dana}` } });
    expect(ok.status).toBe(200);
    const bad = await api(s.url, '/users/octocat', 'gho_not-a-real-token');
    expect(bad.status).toBe(401);
    const body = await json<{ message: string; documentation_url: string }>(bad);
    expect(body.message).toBe('Bad credentials');
    expect(body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\//);
  });

  it('GET /users/{name} matches case-insensitively, works anonymously, 404s when absent', async () => {
    const res = await api(s.url, '/users/OctoCat');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ login: 'octocat', id: 583231, type: 'User' });
    const org = await json<{ type: string }>(await api(s.url, '/users/repolog-team'));
    expect(org.type).toBe('Organization');
    const missing = await api(s.url, '/users/no-such-person');
    expect(missing.status).toBe(404);
    expect(await json<{ message: string }>(missing)).toMatchObject({ message: 'Not Found' });
  });
});

describe('repositories', () => {
  it('/user/repos lists owned and collaborated repos, private ones only for collaborators', async () => {
    const danaRepos = await json<Repo[]>(await api(s.url, '/user/repos?sort=updated', dana));
    const names = danaRepos.map((r) => r.full_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'repolog-team/repolog-notice',
        'repolog-team/frontend',
        'dana-kim/hangul-keyboard-lab',
        'sora-lee/design-tokens',
      ]),
    );
    expect(names).not.toContain('repolog-team/infra');
    const updated = danaRepos.map((r) => Date.parse(r.updated_at));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));

    const minjunRepos = await json<Repo[]>(await api(s.url, '/user/repos', minjun));
    const infra = minjunRepos.find((r) => r.full_name === 'repolog-team/infra');
    expect(infra).toMatchObject({ private: true, owner: { login: 'repolog-team' } });
    expect(infra?.html_url).toBe(`${s.url}/repolog-team/infra`);
    expect(infra?.pushed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('a private repo is 404 to anonymous callers and outsiders, 200 to collaborators', async () => {
    expect((await api(s.url, '/repos/repolog-team/infra')).status).toBe(404);
    expect((await api(s.url, '/repos/repolog-team/infra', dana)).status).toBe(404);
    expect((await api(s.url, '/repos/repolog-team/infra/issues', dana)).status).toBe(404);
    const res = await api(s.url, '/repos/repolog-team/infra', minjun);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ full_name: 'repolog-team/infra', private: true });
  });

  it('GET /repos/{owner}/{repo} serves public repos to anyone', async () => {
    const res = await api(s.url, '/repos/repolog-team/frontend');
    expect(await res.json()).toMatchObject({
      name: 'frontend',
      full_name: 'repolog-team/frontend',
      private: false,
      owner: { login: 'repolog-team', id: 140220571 },
      description: expect.stringContaining('React') as unknown,
    });
  });
});

describe('activity', () => {
  interface Issue {
    number: number;
    title: string;
    state: string;
    created_at: string;
    html_url: string;
    user: { login: string; id: number };
    pull_request?: { url: string; html_url: string };
  }

  it('issues include pull requests (with a pull_request key), newest first', async () => {
    const issues = await json<Issue[]>(
      await api(s.url, '/repos/repolog-team/frontend/issues?state=all&per_page=100'),
    );
    expect(issues).toHaveLength(18);
    const pulls = issues.filter((i) => i.pull_request);
    expect(pulls).toHaveLength(7);
    expect(pulls[0]?.pull_request?.html_url).toBe(pulls[0]?.html_url);
    expect(pulls[0]?.html_url).toMatch(/\/repolog-team\/frontend\/pull\/\d+$/);
    const plain = issues.find((i) => !i.pull_request);
    expect(plain?.html_url).toMatch(/\/repolog-team\/frontend\/issues\/\d+$/);
    expect(plain).not.toHaveProperty('pull_request');
    const created = issues.map((i) => Date.parse(i.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(new Set(issues.map((i) => i.state))).toEqual(new Set(['open', 'closed']));
  });

  it('issues default to open ones, like GitHub', async () => {
    const open = await json<Issue[]>(await api(s.url, '/repos/repolog-team/frontend/issues'));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((i) => i.state === 'open')).toBe(true);
  });

  it('pulls list only pull requests with merged_at', async () => {
    const pulls = await json<(Issue & { merged_at: string | null })[]>(
      await api(s.url, '/repos/repolog-team/backend/pulls?state=all'),
    );
    expect(pulls.map((p) => p.title)).toContain('Add Redis cache for session lookup');
    expect(pulls).toHaveLength(6);
    const redis = pulls.find((p) => p.title === 'Add Redis cache for session lookup');
    expect(redis).toMatchObject({ state: 'closed', merged_at: null });
    const merged = pulls.find(
      (p) => p.title === 'fix: batch-load authors to remove N+1 on the feed',
    );
    expect(merged?.merged_at).toMatch(/^2025-0[34]-/);
    expect(merged?.user).toMatchObject({ login: 'jisoo-han', id: 83310462 });
  });

  it('commits have the GitHub shape, newest first, author null for git-only authors', async () => {
    type Commit = {
      sha: string;
      html_url: string;
      commit: { message: string; author: { name: string; email: string; date: string } };
      author: { login: string; id: number } | null;
    };
    const commits = await json<Commit[]>(await api(s.url, '/repos/repolog-team/frontend/commits'));
    expect(commits).toHaveLength(15);
    const first = commits[0];
    expect(first?.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(first?.html_url).toBe(`${s.url}/repolog-team/frontend/commit/${first?.sha}`);
    expect(first?.commit.author).toEqual({
      name: 'Dana Kim',
      email: '51203417+dana-kim@users.noreply.github.com',
      date: '2026-11-19T07:58:06Z',
    });
    expect(first?.author).toMatchObject({ login: 'dana-kim', id: 51203417 });
    const bot = commits.find((c) => c.commit.message.startsWith('chore(deps)'));
    expect(bot?.author).toBeNull();
    const dates = commits.map((c) => Date.parse(c.commit.author.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('unknown paths and wrong methods are 404 Not Found', async () => {
    const unknown = await api(s.url, '/repos/repolog-team/frontend/stargazers-of-doom');
    expect(unknown.status).toBe(404);
    expect(await json<{ message: string }>(unknown)).toMatchObject({ message: 'Not Found' });
    const post = await fetch(`${s.url}/api/v3/repos/repolog-team/frontend/issues`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dana}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x' }),
    });
    expect(post.status).toBe(404);
    expect((await api(s.url, '/repos/nobody/nothing/commits')).status).toBe(404);
  });
});

describe('a fixed base URL', () => {
  it('puts the configured public base into html_url whatever the Host header says', async () => {
    const fixed = await startStub({ baseUrl: 'https://repolog.example/__github/' });
    try {
      const res = await fetch(`${fixed.url}/api/v3/repos/repolog-team/frontend`);
      const repo = await json<Repo>(res);
      expect(repo.html_url).toBe('https://repolog.example/__github/repolog-team/frontend');
    } finally {
      await fixed.close();
    }
  });
});
