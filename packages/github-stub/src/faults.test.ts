import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningStub } from './test-utils';
import { REDIRECT_URI, api, startStub } from './test-utils';

let s: RunningStub;
/** API requests the stand-in has received and not yet answered. */
const pendingCount = async () =>
  ((await (await fetch(`${s.url}/_stub/pending`)).json()) as { pending: number }).pending;
beforeEach(async () => {
  s = await startStub();
});
afterEach(() => s.close());

describe('faults', () => {
  it('failStatus answers every API call with that status, and only API calls', async () => {
    s.stub.faults.failStatus = 502;
    const res = await api(s.url, '/users/octocat');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'Server Error' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    const page = await fetch(
      `${s.url}/login/oauth/authorize?client_id=repolog-demo&redirect_uri=${REDIRECT_URI}`,
    );
    expect(page.status).toBe(200);
    s.stub.faults.failStatus = null;
    expect((await api(s.url, '/users/octocat')).status).toBe(200);
  });

  it('rateLimited answers 403 with nothing remaining and a reset in the future', async () => {
    s.stub.faults.rateLimited = true;
    const res = await api(s.url, '/repos/repolog-team/frontend/commits');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'API rate limit exceeded for user ID 1.' });
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-ratelimit-resource')).toBe('core');
    expect(Number(res.headers.get('x-ratelimit-reset')) * 1000).toBeGreaterThan(Date.now());
  });

  it('latencyMs delays API responses', async () => {
    s.stub.faults.latencyMs = 150;
    const started = performance.now();
    const res = await api(s.url, '/users/octocat');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('hang never answers, and close() still returns promptly', async () => {
    s.stub.faults.hang = true;
    let outcome = 'still waiting';
    const pending = api(s.url, '/users/octocat').then(
      () => (outcome = 'answered'),
      () => (outcome = 'aborted'),
    );
    // Received and held: it arrived, and nothing answered it.
    await expect.poll(pendingCount, { interval: 10 }).toBe(1);
    expect(outcome).toBe('still waiting');
    const started = performance.now();
    await s.close();
    expect(performance.now() - started).toBeLessThan(500);
    expect(await pending).toBe('aborted');
  });
});

describe('control API', () => {
  const control = (path: string, method: string, body?: unknown) =>
    fetch(`${s.url}/_stub${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('reads and partially updates faults, rejecting bad values', async () => {
    const initial = await fetch(`${s.url}/_stub/faults`);
    expect(await initial.json()).toEqual({
      latencyMs: 0,
      failStatus: null,
      rateLimited: false,
      hang: false,
    });
    const updated = await control('/faults', 'PUT', { failStatus: 503 });
    expect(await updated.json()).toEqual({
      latencyMs: 0,
      failStatus: 503,
      rateLimited: false,
      hang: false,
    });
    expect(s.stub.faults.failStatus).toBe(503);
    expect((await api(s.url, '/users/octocat')).status).toBe(503);
    // The control API itself is never faulted.
    const bad = await control('/faults', 'PUT', { latencyMs: -5, hang: true });
    expect(bad.status).toBe(422);
    expect(s.stub.faults.hang).toBe(false);
    const unknown = await control('/faults', 'PUT', { explode: true });
    expect(unknown.status).toBe(422);
  });

  it('counts API requests received and not yet answered', async () => {
    expect(await pendingCount()).toBe(0);
    s.stub.faults.hang = true;
    // Held open until the stub closes (afterEach).
    void api(s.url, '/users/octocat').catch(() => null);
    await expect.poll(pendingCount, { interval: 10 }).toBe(1);
    s.stub.faults.hang = false;
    expect((await api(s.url, '/users/octocat')).status).toBe(200);
    expect(await pendingCount()).toBe(1);
  });

  it('refuses mutations without a JSON content type', async () => {
    const res = await fetch(`${s.url}/_stub/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expect(res.status).toBe(415);
  });

  it('adds issues, pull requests and commits that the API then serves', async () => {
    const issue = await control('/repos/repolog-team/frontend/issues', 'POST', {
      title: 'Editor toolbar overlaps on iPad',
      user: 'sora-lee',
      body: 'Portrait mode only.',
    });
    expect(issue.status).toBe(201);
    expect(await issue.json()).toMatchObject({
      number: 19,
      title: 'Editor toolbar overlaps on iPad',
      state: 'open',
      user: { login: 'sora-lee' },
    });
    const pull = await control('/repos/repolog-team/frontend/issues', 'POST', {
      title: 'fix: toolbar wraps on narrow screens',
      user: 'sora-lee',
      pullRequest: true,
    });
    expect(await pull.json()).toHaveProperty('pull_request');
    const commit = await control('/repos/repolog-team/frontend/commits', 'POST', {
      message: 'fix: wrap the toolbar below 800px',
      author: 'sora-lee',
    });
    expect(commit.status).toBe(201);

    const pulls = (await (await api(s.url, '/repos/repolog-team/frontend/pulls')).json()) as {
      title: string;
    }[];
    expect(pulls[0]?.title).toBe('fix: toolbar wraps on narrow screens');
    const commits = (await (await api(s.url, '/repos/repolog-team/frontend/commits')).json()) as {
      commit: { message: string };
      author: { login: string } | null;
    }[];
    expect(commits[0]?.commit.message).toBe('fix: wrap the toolbar below 800px');
    expect(commits[0]?.author?.login).toBe('sora-lee');

    const unknownRepo = await control('/repos/nobody/nothing/issues', 'POST', {
      title: 'x',
      user: 'sora-lee',
    });
    expect(unknownRepo.status).toBe(404);
    const unknownUser = await control('/repos/repolog-team/frontend/issues', 'POST', {
      title: 'x',
      user: 'ghost',
    });
    expect(unknownUser.status).toBe(422);
    const missingTitle = await control('/repos/repolog-team/frontend/issues', 'POST', {
      user: 'sora-lee',
    });
    expect(missingTitle.status).toBe(422);
  });

  it('reset restores the seed and clears faults', async () => {
    s.stub.addIssue('repolog-team/frontend', { title: 'temporary', user: 'dana-kim' });
    s.stub.faults.rateLimited = true;
    const res = await control('/reset', 'POST');
    expect(res.status).toBe(200);
    expect(s.stub.faults).toEqual({
      latencyMs: 0,
      failStatus: null,
      rateLimited: false,
      hang: false,
    });
    const frontend = s.stub.state.repos.find((r) => r.name === 'frontend');
    expect(frontend?.issues).toHaveLength(18);
    expect(frontend?.issues.some((i) => i.title === 'temporary')).toBe(false);
  });
});
