import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DraftSummary } from '@repolog/contract/drafts';
import type { Notice } from '@repolog/contract/notifications';
import type { RepoConnection } from '@repolog/contract/repo-connection';
import type { RepoItemDetail } from '@repolog/contract/repo-items';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBlog, loginWithGitHub, type Session } from '../test/factories.js';

let t: TestApp;
let dana: Session;
let minjun: Session;
let sora: Session;
let blogId: number;

const json = (payload: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});
/** The stand-in's control API, as a test or the demo drives it. */
const control = async (path: string, body: unknown, method: 'POST' | 'PUT' | 'DELETE' = 'POST') => {
  const res = await t.request({ method, url: `/__github/_stub${path}`, ...json(body) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<Record<string, unknown>>();
};
const get = (url: string, session?: Session) =>
  t.request({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });
const connection = async (session = dana) =>
  (await get(`/api/blogs/${blogId}/repository-connection`, session)).json<RepoConnection>();
const drafts = async () => (await get(`/api/blog/${blogId}/drafts`, dana)).json<DraftSummary[]>();

/** A delivery as GitHub sends it, signed with the App's secret (or not). */
async function deliver(
  event: string,
  payload: unknown,
  options: { delivery?: string; signature?: string | null } = {},
) {
  const body = JSON.stringify(payload);
  const secret = t.app.demoGitHub?.app.webhookSecret ?? '';
  const signature =
    options.signature === undefined
      ? `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
      : options.signature;
  return t.request({
    method: 'POST',
    url: '/api/webhooks/github-app',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      ...(options.delivery === ''
        ? {}
        : { 'x-github-delivery': options.delivery ?? crypto.randomUUID() }),
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: body,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_STUB_CONTROL: 'true' } });
  dana = await loginWithGitHub(t, 'dana-kim');
  minjun = await loginWithGitHub(t, 'minjun-park');
  sora = await loginWithGitHub(t, 'sora-lee');
  blogId = (
    await createBlog(t, {
      owner: { id: dana.userId },
      members: [{ id: minjun.userId }],
      repo: 'repolog-team/frontend',
    })
  ).id;
});
afterAll(() => t.close());

describe('connecting a repository through the GitHub App', () => {
  it('shows members the install page and the state: not connected, connected, access removed', async () => {
    const before = await connection();
    expect(before).toMatchObject({ configured: true, state: 'not_connected' });
    expect(before.installUrl).toMatch(
      /\/__github\/apps\/repolog-demo\/installations\/new\?state=blog-\d+$/,
    );
    expect((await get(`/api/blogs/${blogId}/repository-connection`, sora)).statusCode).toBe(403);

    const installed = await control('/app/installations', {
      account: 'repolog-team',
      repos: ['frontend', 'backend'],
    });
    expect((await connection()).state).toBe('connected');
    expect((await connection()).missingPermissions).toEqual([]);

    await control(`/app/installations/${String(installed.id)}/repositories`, {
      remove: ['frontend'],
    });
    expect((await connection()).state).toBe('removed');
    await control(`/app/installations/${String(installed.id)}/repositories`, { add: ['frontend'] });
    expect((await connection()).state).toBe('connected');
  });

  it('sends the browser back to the blog after installing', async () => {
    const res = await get(
      `/api/github/app/setup?installation_id=1&setup_action=install&state=blog-${blogId}`,
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/blog/${blogId}?connected=1`);
    expect((await get('/api/github/app/setup?state=https://evil.example')).headers.location).toBe(
      '/workspace',
    );
  });
});

describe('the App webhook', () => {
  const issueEvent = (repo: string) => ({
    action: 'opened',
    repository: { full_name: repo },
    issue: { number: 1 },
    installation: { id: 1 },
  });

  it('refuses a missing or bad signature with 401 and changes nothing', async () => {
    const payload = {
      action: 'created',
      installation: { id: 99, account: { login: 'octocat' }, permissions: {} },
      repositories: [{ full_name: 'octocat/Hello-World' }],
    };
    expect((await deliver('installation', payload, { signature: null })).statusCode).toBe(401);
    const bad = await deliver('installation', payload, { signature: `sha256=${'0'.repeat(64)}` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ key: 'webhooks.badSignature' });
    const octocat = await createBlog(t, {
      owner: { id: sora.userId },
      repo: 'octocat/Hello-World',
    });
    const state = await get(`/api/blogs/${octocat.id}/repository-connection`, sora);
    expect(state.json<RepoConnection>().state).toBe('not_connected');
  });

  it('needs a delivery id and JSON, applies a delivery once, and ignores unknown repositories', async () => {
    expect(
      (await deliver('issues', issueEvent('repolog-team/frontend'), { delivery: '' })).statusCode,
    ).toBe(400);
    const id = crypto.randomUUID();
    expect(
      (await deliver('issues', issueEvent('repolog-team/frontend'), { delivery: id })).statusCode,
    ).toBe(202);
    const again = await deliver('issues', issueEvent('repolog-team/frontend'), { delivery: id });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ message: string }>().message).toMatch(/applied before/);
    const unknown = await deliver('issues', issueEvent('nobody/nothing'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<{ message: string }>().message).toMatch(/No connected repository/);
  });
});

describe('import and merged pull requests', () => {
  let issue: number;

  it('imports an issue with its body and comments, as the App reads it', async () => {
    issue = Number(
      (
        await control('/repos/repolog-team/frontend/issues', {
          title: 'Drafts vanish after a reload',
          user: 'minjun-park',
          body: 'Steps: write, reload, the text is gone.',
        })
      ).number,
    );
    await control(`/repos/repolog-team/frontend/issues/${issue}/comments`, {
      user: 'dana-kim',
      body: 'Reproduced on Safari too.',
    });
    const res = await get(`/api/blogs/${blogId}/repo-items/issue:${issue}`, dana);
    expect(res.statusCode).toBe(200);
    const detail = res.json<RepoItemDetail>();
    expect(detail).toMatchObject({ title: 'Drafts vanish after a reload', state: 'open' });
    expect(detail.body).toContain('the text is gone');
    expect(detail.comments.map((c) => c.body)).toEqual(['Reproduced on Safari too.']);
  });

  it('leaves one draft and one notification for a merged pull request, even delivered twice', async () => {
    const pull = Number(
      (
        await control('/repos/repolog-team/frontend/issues', {
          title: 'Persist drafts in IndexedDB',
          user: 'minjun-park',
          body: `Closes #${issue}`,
          pullRequest: true,
          files: [
            { path: 'src/drafts.ts', additions: 12, deletions: 3, patch: '@@ -1 +1 @@\n-a\n+b' },
          ],
        })
      ).number,
    );
    await control(`/repos/repolog-team/frontend/pulls/${pull}/merge`, { user: 'dana-kim' });
    await vi.waitFor(async () =>
      expect((await drafts()).map((d) => d.title)).toContain('Persist drafts in IndexedDB'),
    );
    const draft = (await drafts()).find((d) => d.title === 'Persist drafts in IndexedDB');
    const full = (await get(`/api/draft/${draft?.draftId}`, minjun)).json<
      Record<string, unknown>
    >();
    expect(full).toMatchObject({
      problem: 'Drafts vanish after a reload',
      problemRef: `issue:${issue}`,
      solution: 'Persist drafts in IndexedDB',
      solutionRef: `pull:${pull}`,
    });
    expect(full.content).toContain('Steps: write, reload');
    expect(full.content).toContain('```diff');

    // GitHub sends the merge again (a redelivery, and once more under a new delivery id).
    const merged = {
      action: 'closed',
      number: pull,
      pull_request: { number: pull, merged: true, user: { login: 'minjun-park', id: 62345180 } },
      repository: { full_name: 'repolog-team/frontend' },
    };
    const id = crypto.randomUUID();
    await deliver('pull_request', merged, { delivery: id });
    await deliver('pull_request', merged, { delivery: id });
    await deliver('pull_request', merged);
    await t.app.outbox.drain();
    expect((await drafts()).filter((d) => d.title === 'Persist drafts in IndexedDB')).toHaveLength(
      1,
    );

    // The author is a member: only they hear of it, and it opens the draft.
    await vi.waitFor(async () => {
      const notices = (await get('/api/notice?page=1', minjun)).json<Notice[]>();
      expect(notices.filter((n) => n.type === 'PR 초안')).toHaveLength(1);
    });
    const notice = (await get('/api/notice?page=1', minjun))
      .json<Notice[]>()
      .find((n) => n.type === 'PR 초안');
    expect(notice).toMatchObject({
      instigator: 'minjun-park',
      relatedId: { draftId: draft?.draftId, pullNumber: pull },
    });
    const danas = (await get('/api/notice?page=1', dana)).json<Notice[]>();
    expect(danas.filter((n) => n.type === 'PR 초안')).toEqual([]);
  });

  it('leaves no draft when the blog turned it off', async () => {
    const off = await t.request({
      method: 'PUT',
      url: `/api/blogs/${blogId}/repository-connection`,
      headers: { cookie: dana.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ mergedPullDrafts: false }),
    });
    expect(off.json<RepoConnection>().settings).toEqual({
      mergedPullDrafts: false,
      closeLoop: false,
    });
    const pull = Number(
      (
        await control('/repos/repolog-team/frontend/issues', {
          title: 'Quietly merged',
          user: 'dana-kim',
          pullRequest: true,
        })
      ).number,
    );
    await control(`/repos/repolog-team/frontend/pulls/${pull}/merge`, { user: 'dana-kim' });
    await t.app.outbox.drain();
    expect((await drafts()).map((d) => d.title)).not.toContain('Quietly merged');
  });
});
