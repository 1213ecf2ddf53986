import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningStub } from './test-utils';
import { startStub } from './test-utils';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

const SECRET = 'whsec-test-1234';
let receiver: Server;
let deliveries: Delivery[];
let waiters: ((d: Delivery) => void)[];
let s: RunningStub;

function nextDelivery(): Promise<Delivery> {
  const ready = deliveries.shift();
  return ready ? Promise.resolve(ready) : new Promise((resolve) => waiters.push(resolve));
}

beforeEach(async () => {
  deliveries = [];
  waiters = [];
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      res.writeHead(204).end();
      const delivery = { headers: req.headers, body };
      const waiter = waiters.shift();
      if (waiter) waiter(delivery);
      else deliveries.push(delivery);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  s = await startStub({
    webhook: { url: `http://127.0.0.1:${port}/hooks/github`, secret: SECRET },
  });
});

afterEach(async () => {
  await s.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function expectSigned(delivery: Delivery): void {
  const expected = `sha256=${createHmac('sha256', SECRET).update(delivery.body).digest('hex')}`;
  expect(delivery.headers['x-hub-signature-256']).toBe(expected);
  expect(delivery.headers['content-type']).toBe('application/json');
  expect(delivery.headers['x-github-delivery']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
}

describe('webhooks', () => {
  it('sends a signed issues event when an issue is added', async () => {
    s.stub.addIssue('repolog-team/backend', {
      title: 'Sitemap is 3 MB — split it',
      user: 'jisoo-han',
      body: 'Google caps at 50,000 URLs per file.',
    });
    const delivery = await nextDelivery();
    expectSigned(delivery);
    expect(delivery.headers['x-github-event']).toBe('issues');
    const payload = JSON.parse(delivery.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      action: 'opened',
      issue: { number: 17, title: 'Sitemap is 3 MB — split it', user: { login: 'jisoo-han' } },
      repository: {
        full_name: 'repolog-team/backend',
        html_url: 'http://127.0.0.1:' + new URL(s.url).port + '/repolog-team/backend',
      },
    });
  });

  it('sends pull_request for pull requests and push for commits', async () => {
    s.stub.addIssue('repolog-team/frontend', {
      title: 'feat: reading time on cards',
      user: 'alex-chen',
      pullRequest: true,
    });
    const pr = await nextDelivery();
    expectSigned(pr);
    expect(pr.headers['x-github-event']).toBe('pull_request');
    expect(JSON.parse(pr.body)).toMatchObject({
      action: 'opened',
      number: 19,
      pull_request: { title: 'feat: reading time on cards', state: 'open', merged_at: null },
      repository: { full_name: 'repolog-team/frontend' },
    });

    s.stub.addCommit('repolog-team/frontend', {
      message: 'feat: reading time',
      author: 'alex-chen',
    });
    const push = await nextDelivery();
    expectSigned(push);
    expect(push.headers['x-github-event']).toBe('push');
    const payload = JSON.parse(push.body) as {
      ref: string;
      before: string;
      after: string;
      commits: { id: string; message: string; author: { username: string } }[];
      repository: { full_name: string };
    };
    expect(payload.ref).toBe('refs/heads/main');
    expect(payload.commits).toHaveLength(1);
    expect(payload.commits[0]).toMatchObject({
      message: 'feat: reading time',
      author: { username: 'alex-chen' },
    });
    expect(payload.after).toBe(payload.commits[0]?.id);
    expect(payload.before).toMatch(/^[0-9a-f]{40}$/);
    expect(payload.repository.full_name).toBe('repolog-team/frontend');
  });

  it('fires for control API changes too', async () => {
    await fetch(`${s.url}/_stub/repos/sora-lee/design-tokens/commits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'chore: regenerate tokens', author: 'Release Bot' }),
    });
    const push = await nextDelivery();
    expectSigned(push);
    expect(JSON.parse(push.body)).toMatchObject({
      commits: [{ message: 'chore: regenerate tokens', author: { name: 'Release Bot' } }],
    });
  });

  it('never throws when the receiver is unreachable', async () => {
    const lonely = await startStub({ webhook: { url: 'http://127.0.0.1:9/nowhere', secret: 'x' } });
    const sent = vi.spyOn(globalThis, 'fetch');
    expect(() =>
      lonely.stub.addIssue('octocat/Hello-World', { title: 'hi', user: 'octocat' }),
    ).not.toThrow();
    // The delivery is tried and fails (nothing listens there), and the stand-in carries on.
    expect(sent).toHaveBeenCalledTimes(1);
    await expect(sent.mock.results[0]?.value).rejects.toThrow();
    sent.mockRestore();
    const res = await fetch(`${lonely.url}/api/v3/repos/octocat/Hello-World/issues`);
    expect(((await res.json()) as { title: string }[])[0]?.title).toBe('hi');
    await lonely.close();
  });
});

describe('control API: pull requests with files, comments, merges', () => {
  const control = (path: string, body: unknown) =>
    fetch(`${s.url}/_stub/repos/repolog-team/frontend/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('opens a pull request with files, comments on it, and merges it, each delivered signed', async () => {
    const opened = await control('issues', {
      title: 'fix: keep the draft',
      user: 'sora-lee',
      body: 'Closes #13.',
      pullRequest: true,
      files: [{ path: 'src/a.ts', additions: 2, deletions: 1, patch: '@@ -1 +1,2 @@\n-a\n+b\n+c' }],
    });
    expect(opened.status).toBe(201);
    const { number } = (await opened.json()) as { number: number };
    expect((await nextDelivery()).headers['x-github-event']).toBe('pull_request');

    expect(
      (await control(`issues/${number}/comments`, { user: 'dana-kim', body: 'LGTM' })).status,
    ).toBe(201);
    const comment = await nextDelivery();
    expectSigned(comment);
    expect(comment.headers['x-github-event']).toBe('issue_comment');
    expect(JSON.parse(comment.body)).toMatchObject({
      action: 'created',
      comment: { body: 'LGTM' },
    });

    expect((await control(`pulls/${number}/merge`, { user: 'dana-kim' })).status).toBe(200);
    const merged = await nextDelivery();
    expectSigned(merged);
    expect(JSON.parse(merged.body)).toMatchObject({
      action: 'closed',
      pull_request: { number, merged: true, merged_at: expect.any(String) as string },
    });
    expect((await nextDelivery()).headers['x-github-event']).toBe('push');

    const files = (await (
      await fetch(`${s.url}/api/v3/repos/repolog-team/frontend/pulls/${number}/files`)
    ).json()) as { filename: string; additions: number }[];
    expect(files).toMatchObject([{ filename: 'src/a.ts', additions: 2 }]);
    const closed = (await (
      await fetch(`${s.url}/api/v3/repos/repolog-team/frontend/issues/13`)
    ).json()) as { state: string };
    expect(closed.state).toBe('closed');
    expect((await control(`pulls/${number}/merge`, { user: 'dana-kim' })).status).toBe(422);
  });
});
