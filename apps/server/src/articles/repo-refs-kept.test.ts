import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleRepoRefs } from '@repolog/contract/articles';
import type { Draft, PublishedDraft } from '@repolog/contract/drafts';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBlog, createUser, signIn, type BlogRow, type Session } from '../test/factories.js';

// An edit that leaves problemRef / solutionRef out (the spec's own form knows only the titles)
// keeps them while the matching title is unchanged; null clears, a ref replaces, and a changed
// title with the ref left out clears that ref alone.

let t: TestApp;
let session: Session;
let blog: BlogRow;
let privateBlog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t);
  session = await signIn(t, owner);
  blog = await createBlog(t, { owner, repo: 'team-kept/app' });
  privateBlog = await createBlog(t, { owner, repo: 'team-kept/secret', private: true });
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.request({
    method,
    url,
    headers: { cookie: session.cookie },
    ...(payload === undefined ? {} : { payload }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** The refs as the blog's members see them (a private repository's included), as stored keys. */
const refsOf = async (articleId: number) => {
  const refs = (await call('GET', `/api/article/${articleId}/repo-refs`)).json<ArticleRepoRefs>();
  const key = (ref: ArticleRepoRefs['problemRef']) =>
    ref && `${ref.type}:${ref.number ?? ref.sha ?? ''}`;
  return { problemRef: key(refs.problemRef), solutionRef: key(refs.solutionRef) };
};

/** A breakthrough about issue 12 (its problem) and pull request 13 (its solution). */
const post = async (blogId = blog.id) => {
  const res = await call('POST', '/api/article', {
    blogId,
    title: 'Kept refs',
    content: 'Body',
    about: 'TypeScript',
    problem: 'Pool exhausted',
    problemRef: 'issue:12',
    solution: 'Release connections',
    solutionRef: { type: 'pull', number: 13 },
  });
  return res.json<{ articleId: number }>().articleId;
};

/** PUT /api/article/{id} with exactly the spec's fields: no ref of any kind. */
const specEdit = (articleId: number, changes: Record<string, unknown> = {}) =>
  call('PUT', `/api/article/${articleId}`, {
    blogId: blog.id,
    title: 'Kept refs, edited',
    content: 'Body, edited',
    about: 'TypeScript',
    problem: 'Pool exhausted',
    solution: 'Release connections',
    ...changes,
  });

describe('an edit that leaves the refs out', () => {
  it("keeps both while the titles are unchanged (the spec's form)", async () => {
    const articleId = await post();
    const edited = await specEdit(articleId);
    expect(edited.json()).toMatchObject({
      title: 'Kept refs, edited',
      problemRef: { type: 'issue', number: 12 },
      solutionRef: { type: 'pull', number: 13 },
    });
    expect(await refsOf(articleId)).toEqual({ problemRef: 'issue:12', solutionRef: 'pull:13' });
  });

  it('clears the ref of a title that changed, and keeps the other', async () => {
    const articleId = await post();
    await specEdit(articleId, { problem: 'Something else entirely' });
    expect(await refsOf(articleId)).toEqual({ problemRef: null, solutionRef: 'pull:13' });
    await specEdit(articleId, { problem: 'Something else entirely', solution: null });
    expect(await refsOf(articleId)).toEqual({ problemRef: null, solutionRef: null });
  });

  it('clears a ref sent as null, title unchanged', async () => {
    const articleId = await post();
    await specEdit(articleId, { solutionRef: null });
    expect(await refsOf(articleId)).toEqual({ problemRef: 'issue:12', solutionRef: null });
  });

  it('replaces a ref sent anew', async () => {
    const articleId = await post();
    await specEdit(articleId, { problemRef: { type: 'issue', number: 40 } });
    expect(await refsOf(articleId)).toEqual({ problemRef: 'issue:40', solutionRef: 'pull:13' });
  });

  it("keeps a private repository's refs, which the shared answer never showed", async () => {
    const articleId = await post(privateBlog.id);
    await specEdit(articleId, { blogId: privateBlog.id });
    expect(await refsOf(articleId)).toEqual({ problemRef: 'issue:12', solutionRef: 'pull:13' });
  });
});

describe('an edit published from a draft', () => {
  const editDraft = async (articleId: number, fields: Record<string, unknown> = {}) =>
    (
      await call('POST', `/api/blog/${blog.id}/drafts`, {
        articleId,
        title: 'Kept refs, drafted',
        content: 'Body, drafted',
        problem: 'Pool exhausted',
        solution: 'Release connections',
        ...fields,
      })
    ).json<Draft>();

  const publish = async (draft: Draft) =>
    (
      await call('POST', `/api/draft/${draft.draftId}/publish`, { version: draft.version })
    ).json<PublishedDraft>();

  it('keeps the refs a draft without them never touched', async () => {
    const articleId = await post();
    const draft = await editDraft(articleId);
    expect(draft).toMatchObject({ problemRef: 'issue:12', solutionRef: 'pull:13' });
    // Saved again without refs, and with the solution renamed: only its ref goes.
    const saved = (
      await call('PUT', `/api/draft/${draft.draftId}`, {
        version: draft.version,
        title: 'Kept refs, drafted',
        content: 'Body, saved',
        problem: 'Pool exhausted',
        solution: 'Restart the pool',
      })
    ).json<Draft>();
    expect(saved).toMatchObject({ problemRef: 'issue:12', solutionRef: null });
    expect((await publish(saved)).articleId).toBe(articleId);
    expect(await refsOf(articleId)).toEqual({ problemRef: 'issue:12', solutionRef: null });
  });

  it('clears a ref the draft sets to null, and takes a new one', async () => {
    const articleId = await post();
    const draft = await editDraft(articleId, { problemRef: null, solutionRef: 'commit:abc1234' });
    expect(draft).toMatchObject({ problemRef: null, solutionRef: 'commit:abc1234' });
    await publish(draft);
    expect(await refsOf(articleId)).toEqual({ problemRef: null, solutionRef: 'commit:abc1234' });
  });
});

describe('the API documentation', () => {
  it('says on PUT /api/article/{articleId} what leaving a ref out does', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: object } }>>;
    }>();
    const body = JSON.stringify(doc.paths['/api/article/{articleId}']?.put?.requestBody);
    expect(body).toContain(
      'leaving it out keeps the stored reference while `problem` is unchanged',
    );
    expect(body).toContain(
      'leaving it out keeps the stored reference while `solution` is unchanged',
    );
  });
});
