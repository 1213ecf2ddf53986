import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RepoItem, RepoItemDetail } from '@repolog/contract/repo-items';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBlog, loginWithGitHub, type Session } from '../test/factories.js';

let t: TestApp;
let dana: Session;
let minjun: Session;
let sora: Session;
let publicBlog: number;
let privateBlog: number;
const get = (path: string, cookie?: string) =>
  t.request({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await buildTestApp({ githubTimeoutMs: 400 });
  dana = await loginWithGitHub(t, 'dana-kim');
  minjun = await loginWithGitHub(t, 'minjun-park');
  sora = await loginWithGitHub(t, 'sora-lee');
  publicBlog = (await createBlog(t, { owner: { id: dana.userId }, repo: 'repolog-team/frontend' }))
    .id;
  privateBlog = (
    await createBlog(t, { owner: { id: minjun.userId }, repo: 'repolog-team/infra', private: true })
  ).id;
});
afterAll(() => t.close());
afterEach(() => {
  Object.assign(t.stub.faults, { latencyMs: 0, failStatus: null, rateLimited: false, hang: false });
});

const search = async (blogId: number, query: string, cookie = dana.cookie) => {
  const res = await get(`/api/blogs/${blogId}/repo-items?${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json<RepoItem[]>();
};

describe('GET /api/blogs/{blogId}/repo-items', () => {
  it('lists at most 20 items with kind, number or SHA, state and title', async () => {
    const items = await search(publicBlog, '');
    expect(items.length).toBe(20);
    expect(items.map((i) => i.type)).toEqual(expect.arrayContaining(['issue', 'pull', 'commit']));
    const keyboard = (await search(publicBlog, 'q=keyboard+navigation&type=pull'))[0];
    expect(keyboard).toMatchObject({ type: 'pull', number: 4, state: 'merged', sha: null });
    expect(keyboard?.url).toMatch(/\/repolog-team\/frontend\/pull\/4$/);
  });

  it('finds an item by #number, by words and by a SHA prefix', async () => {
    expect((await search(publicBlog, 'q=%231')).map((i) => i.ref)).toEqual(['issue:1']);
    const words = await search(publicBlog, 'q=unsaved+DRAFT');
    expect(words[0]).toMatchObject({ ref: 'issue:1', state: 'closed' });
    const commit = (await search(publicBlog, 'q=persist+the+editor&type=commit'))[0];
    expect(commit?.sha).toMatch(/^[0-9a-f]{40}$/);
    const byPrefix = await search(publicBlog, `q=${commit?.sha?.slice(0, 8)}`);
    expect(byPrefix[0]).toMatchObject({ ref: commit?.ref, state: 'committed' });
    expect(await search(publicBlog, 'q=nothing+like+this+exists')).toEqual([]);
  });

  it("shows a private repository's items to its blog's members only", async () => {
    expect((await get(`/api/blogs/${privateBlog}/repo-items`)).statusCode).toBe(403);
    const refused = await get(`/api/blogs/${privateBlog}/repo-items`, sora.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'items.membersOnly' });
    expect((await search(privateBlog, 'q=cert-manager', minjun.cookie)).length).toBeGreaterThan(0);
  });

  it('refuses a bad type and an unknown blog with clear messages', async () => {
    const bad = await get(`/api/blogs/${publicBlog}/repo-items?type=branch`, dana.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'querystring.type' });
    const missing = await get('/api/blogs/999999/repo-items', dana.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ key: 'blogs.notFound' });
  });
});

describe('GET /api/blogs/{blogId}/repo-items/{ref}', () => {
  it("reads an issue with its body, labels and comments, the repository's people first", async () => {
    t.stub.addComment('repolog-team/frontend', 1, { user: 'jisoo-han', body: 'Same here!' });
    const res = await get(`/api/blogs/${publicBlog}/repo-items/issue:1`, dana.cookie);
    expect(res.statusCode).toBe(200);
    const issue = res.json<RepoItemDetail>();
    expect(issue).toMatchObject({
      ref: 'issue:1',
      type: 'issue',
      number: 1,
      author: 'sora-lee',
      labels: ['bug', 'editor'],
      state: 'closed',
    });
    expect(issue.body).toMatch(/Expected: the draft survives/);
    expect(issue.comments.map((c) => [c.author, c.maintainer])).toEqual([
      ['alex-chen', true],
      ['dana-kim', true],
      ['jisoo-han', false],
    ]);
  });

  it('reads a pull request with its commits and files, and a commit with its diff', async () => {
    const pull = (
      await get(`/api/blogs/${publicBlog}/repo-items/pull:4`, dana.cookie)
    ).json<RepoItemDetail>();
    expect(pull).toMatchObject({ type: 'pull', state: 'merged' });
    expect(pull.commits.length).toBeGreaterThan(0);
    expect(pull.files.map((f) => [f.path, f.additions, f.deletions])).toEqual([
      ['src/features/home/carousel.tsx', 24, 3],
      ['src/features/home/carousel.test.tsx', 18, 0],
    ]);
    const [found] = await search(publicBlog, 'q=persist+the+editor&type=commit');
    const commit = (
      await get(
        `/api/blogs/${publicBlog}/repo-items/commit:${found?.sha?.slice(0, 10)}`,
        dana.cookie,
      )
    ).json<RepoItemDetail>();
    expect(commit).toMatchObject({ type: 'commit', sha: found?.sha });
    expect(commit.files[0]?.patch).toMatch(/localStorage/);
  });

  it('answers 404 for an item that does not exist and 400 for a malformed ref', async () => {
    const missing = await get(`/api/blogs/${publicBlog}/repo-items/issue:9999`, dana.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ key: 'items.notFound' });
    const wrongKind = await get(`/api/blogs/${publicBlog}/repo-items/pull:1`, dana.cookie);
    expect(wrongKind.statusCode).toBe(404);
    const bad = await get(`/api/blogs/${publicBlog}/repo-items/branch:main`, dana.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'validation.ref.invalid', field: 'params.ref' });
  });

  it('says in a sentence when GitHub cannot be reached and nothing is cached', async () => {
    t.stub.faults.failStatus = 502;
    const res = await get(`/api/blogs/${publicBlog}/repo-items/issue:2`, dana.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toMatch(/GitHub is not answering/);
  });
});
