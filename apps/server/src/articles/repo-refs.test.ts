import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@repolog/contract/articles';
import type { Draft, PublishedDraft } from '@repolog/contract/drafts';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBlog, createUser, signIn, type BlogRow, type Session } from '../test/factories.js';

let t: TestApp;
let session: Session;
let blog: BlogRow;
let privateBlog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t);
  session = await signIn(t, owner);
  blog = await createBlog(t, { owner, repo: 'team-refs/app' });
  privateBlog = await createBlog(t, { owner, repo: 'team-refs/secret', private: true });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    headers: { cookie: session.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const read = async (articleId: number) =>
  (
    await t.request({ method: 'GET', url: `/api/article/breakthrough/${articleId}` })
  ).json<Article>();

describe('problemRef and solutionRef', () => {
  it('are stored on a breakthrough and returned with their links on GitHub', async () => {
    const res = await call('POST', '/api/article', {
      blogId: blog.id,
      title: 'Refs',
      content: 'Body',
      problem: 'Pool exhausted',
      problemRef: { type: 'issue', number: 12, url: 'https://elsewhere.example/ignored' },
      solution: 'fix: release',
      solutionRef: 'commit:ABCDEF0123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { articleId } = res.json<{ articleId: number }>();
    const base = `${t.config.publicUrl}/__github/team-refs/app`;
    expect(await read(articleId)).toMatchObject({
      problemRef: { type: 'issue', number: 12, sha: null, url: `${base}/issues/12` },
      solutionRef: {
        type: 'commit',
        number: null,
        sha: 'abcdef0123',
        url: `${base}/commit/abcdef0123`,
      },
    });
    const edited = await call('PUT', `/api/article/${articleId}`, {
      title: 'Refs',
      content: 'Body',
      problemRef: { type: 'pull', number: 3 },
      solutionRef: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(articleId)).toMatchObject({
      problemRef: { type: 'pull', number: 3, url: `${base}/pull/3` },
      solutionRef: null,
    });
  });

  it('refuse a malformed reference with 400 naming the field', async () => {
    const res = await call('POST', '/api/article', {
      blogId: blog.id,
      title: 'Bad',
      content: 'Body',
      problemRef: { type: 'issue', sha: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: 'validation.repoRef.invalid',
      field: 'body.problemRef',
    });
  });

  it("show nobody the number or link of a private repository's item", async () => {
    const res = await call('POST', '/api/article', {
      blogId: privateBlog.id,
      title: 'Private',
      content: 'Body',
      problem: 'Secret outage',
      problemRef: { type: 'issue', number: 4 },
    });
    const article = await read(res.json<{ articleId: number }>().articleId);
    expect(article).toMatchObject({ problem: 'Secret outage', problemRef: null });
  });

  it("are shown in full to the blog's members alone, in a personal answer", async () => {
    const posted = await call('POST', '/api/article', {
      blogId: privateBlog.id,
      title: 'Private, for members',
      content: 'Body',
      problem: 'Secret outage',
      problemRef: { type: 'issue', number: 4 },
      solution: 'Rotate the keys',
      solutionRef: { type: 'pull', number: 5 },
    });
    const { articleId } = posted.json<{ articleId: number }>();
    const url = `/api/article/${articleId}/repo-refs`;
    const asMember = await call('GET', url);
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.headers['cache-control']).toBe('private, no-store');
    const base = `${t.config.publicUrl}/__github/team-refs/secret`;
    expect(asMember.json()).toEqual({
      problemRef: { type: 'issue', number: 4, sha: null, url: `${base}/issues/4` },
      solutionRef: { type: 'pull', number: 5, sha: null, url: `${base}/pull/5` },
    });

    // A visitor: the shared answer holds only the titles, and the members' call says 401.
    expect(await read(articleId)).toMatchObject({ problemRef: null, solutionRef: null });
    const visitor = await t.request({ method: 'GET', url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('/issues/4');

    // A signed-in reader who is not a member hears 403, and nothing of the items.
    const stranger = await signIn(t, await createUser(t));
    const refused = await t.request({ method: 'GET', url, headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'items.membersOnly' });
    expect(refused.body).not.toContain('/issues/4');

    const missing = await call('GET', '/api/article/999999/repo-refs');
    expect(missing.statusCode).toBe(404);
  });

  it('go through a draft to the breakthrough it becomes', async () => {
    const created = await call('POST', `/api/blog/${blog.id}/drafts`, {
      title: 'Drafted',
      content: 'Body',
      solution: 'feat: thing',
      solutionRef: { type: 'pull', number: 9 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json<Draft>();
    expect(draft).toMatchObject({ solutionRef: 'pull:9', problemRef: null });
    const published = await call('POST', `/api/draft/${draft.draftId}/publish`, { version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    const article = await read(published.json<PublishedDraft>().articleId);
    expect(article.solutionRef).toMatchObject({ type: 'pull', number: 9 });
  });
});
