import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepoConnection } from '@repolog/contract/repo-connection';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBlog, loginWithGitHub, type Session } from '../test/factories.js';

let t: TestApp;
let dana: Session;
let blogId: number;
let installation: number;
const REPO = 'repolog-team/backend';

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    headers: {
      cookie: dana.cookie,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const control = async (path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') => {
  const res = await t.request({
    method,
    url: `/__github/_stub${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ id: number; number: number }>();
};
/** The comments on an issue of the stand-in's repository, as GitHub holds them. */
const commentsOn = (number: number) =>
  (t.stub.state.repos.find((r) => `${r.owner}/${r.name}` === REPO)?.issues ?? [])
    .find((i) => i.number === number)
    ?.comments.map((c) => ({ user: c.user, body: c.body })) ?? [];
const newIssue = async (title: string) =>
  (await control(`/repos/${REPO}/issues`, { title, user: 'dana-kim' })).number;
const post = async (title: string, problemRef: string) => {
  const res = await send('POST', '/api/article', {
    blogId,
    title,
    content: 'What we learned.',
    problem: 'The problem',
    problemRef,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ articleId: number }>().articleId;
};

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_STUB_CONTROL: 'true' } });
  dana = await loginWithGitHub(t, 'dana-kim');
  blogId = (await createBlog(t, { owner: { id: dana.userId }, repo: REPO })).id;
  installation = (
    await control('/app/installations', { account: 'repolog-team', repos: ['backend'] })
  ).id;
});
afterAll(() => t.close());

describe('closing the loop', () => {
  it('is off by default: a breakthrough leaves no comment on GitHub', async () => {
    const issue = await newIssue('Off by default');
    await post('Quiet breakthrough', `issue:${issue}`);
    expect(commentsOn(issue)).toEqual([]);
  });

  it('comments once on the issue, edits the comment with the breakthrough, deletes it with it', async () => {
    const on = await send('PUT', `/api/blogs/${blogId}/repository-connection`, { closeLoop: true });
    expect(on.json<RepoConnection>()).toMatchObject({
      settings: { closeLoop: true },
      missingPermissions: [],
    });
    const issue = await newIssue('Pool exhausted under load');
    const articleId = await post('Releasing connections early', `issue:${issue}`);
    const [comment, ...more] = commentsOn(issue);
    expect(more).toEqual([]);
    expect(comment?.user).toBe('repolog-demo[bot]');
    expect(comment?.body).toContain('Releasing connections early');
    expect(comment?.body).toContain(`${t.config.publicUrl}/breakthrough/${articleId}`);

    const edited = await send('PUT', `/api/article/${articleId}`, {
      title: 'Releasing connections at once',
      content: 'What we learned.',
      problem: 'The problem',
      problemRef: `issue:${issue}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(commentsOn(issue)).toHaveLength(1);
    expect(commentsOn(issue)[0]?.body).toContain('Releasing connections at once');

    expect((await send('DELETE', `/api/article/${articleId}`)).statusCode).toBe(200);
    expect(commentsOn(issue)).toEqual([]);
  });

  it('says which permission the App lacks, and leaves no comment without it', async () => {
    await control(
      `/app/installations/${installation}/permissions`,
      {
        permissions: { metadata: 'read', contents: 'read', issues: 'read', pull_requests: 'read' },
      },
      'PUT',
    );
    const state = (
      await send('GET', `/api/blogs/${blogId}/repository-connection`)
    ).json<RepoConnection>();
    expect(state.missingPermissions).toEqual([{ name: 'issues', level: 'write' }]);
    const issue = await newIssue('No permission');
    await post('Written without the permission', `issue:${issue}`);
    expect(commentsOn(issue)).toEqual([]);
  });
});
