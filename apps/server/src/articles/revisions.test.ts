import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, CreatedArticle } from '@repolog/contract/articles';
import type { RestoredRevision, Revision, RevisionSummary } from '@repolog/contract/revisions';
import { articleRevisions, users } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';
import { errorBody } from '../test/errors.js';
import { HISTORY_NOT_FOUND } from './revisions.service.js';

const HIDDEN =
  'This breakthrough does not exist, or its history is shown to the members of its blog only.';

let t: TestApp;
let author: UserRow;
let member: UserRow;
let outsider: UserRow;
let authorSession: Session;
let memberSession: Session;
let outsiderSession: Session;
let blog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp();
  author = await createUser(t);
  member = await createUser(t);
  outsider = await createUser(t);
  authorSession = await signIn(t, author);
  memberSession = await signIn(t, member);
  outsiderSession = await signIn(t, outsider);
  blog = await createBlog(t, { owner: author, members: [member] });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session?: Session, payload?: object) =>
  t.request({
    method,
    url,
    headers: session ? { cookie: session.cookie } : {},
    ...(payload ? { payload: payload } : {}),
  });

const post = async (fields: Record<string, unknown>) => {
  const res = await call('POST', '/api/article', authorSession, { blogId: blog.id, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreatedArticle>().articleId;
};

const history = async (articleId: number, session: Session = memberSession) => {
  const res = await call('GET', `/api/article/${articleId}/revisions`, session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RevisionSummary[]>();
};

const revision = async (articleId: number, revisionId: number) =>
  (
    await call('GET', `/api/article/${articleId}/revisions/${revisionId}`, memberSession)
  ).json<Revision>();

describe('revisions of a breakthrough', () => {
  it('records the post and every saved edit (who, when, the fields), newest first', async () => {
    const articleId = await post({ title: 'First title', content: 'First body', about: 'Java' });
    const edit = await call('PUT', `/api/article/${articleId}`, authorSession, {
      title: 'Second title',
      content: 'Second body',
      problem: 'Issue #4',
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const list = await history(articleId);
    expect(list.map((r) => r.number)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({ userId: author.id, userName: author.userName });
    const [second, first] = list;
    expect(await revision(articleId, first!.revisionId)).toMatchObject({
      number: 1,
      title: 'First title',
      content: 'First body',
      about: 'Java',
      problem: null,
    });
    expect(await revision(articleId, second!.revisionId)).toMatchObject({
      number: 2,
      title: 'Second title',
      content: 'Second body',
      about: null,
      problem: 'Issue #4',
    });
  });

  it('keeps what an article said before its first edit when it had no revision yet', async () => {
    const seeded = await createArticle(t, { blog, author, title: 'Seeded', content: 'As seeded' });
    expect(await history(seeded.id)).toEqual([]);
    await call('PUT', `/api/article/${seeded.id}`, authorSession, {
      title: 'Edited',
      content: 'After edit',
    });
    const list = await history(seeded.id);
    expect(list).toHaveLength(2);
    expect((await revision(seeded.id, list[1]!.revisionId)).title).toBe('Seeded');
    expect(list[1]!.createdAt).toBe(seeded.updatedAt.toISOString());
  });

  it('records nothing when an edit is refused', async () => {
    const articleId = await post({ title: 'Solid', content: 'Body' });
    const refused = await call('PUT', `/api/article/${articleId}`, memberSession, {
      title: 'Not mine',
      content: 'x',
    });
    expect(refused.statusCode).toBe(403);
    const empty = await call('PUT', `/api/article/${articleId}`, authorSession, {
      title: ' ',
      content: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(await history(articleId)).toHaveLength(1);
  });

  it('is shown to members only: 404 to outsiders and visitors, for the list and each revision', async () => {
    const articleId = await post({ title: 'Members only', content: 'Body' });
    const [only] = await history(articleId, authorSession);
    for (const session of [outsiderSession, undefined]) {
      const list = await call('GET', `/api/article/${articleId}/revisions`, session);
      expect(list.statusCode).toBe(404);
      expect(list.json()).toEqual(errorBody('not_found', HISTORY_NOT_FOUND));
      expect(list.json<{ message: string }>().message).toBe(HIDDEN);
      const one = await call(
        'GET',
        `/api/article/${articleId}/revisions/${only!.revisionId}`,
        session,
      );
      expect(one.statusCode).toBe(404);
    }
    // A missing article reads the same as a hidden one.
    const missing = await call('GET', '/api/article/2000000000/revisions', outsiderSession);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string; key: string }>()).toMatchObject({
      message: HIDDEN,
      key: HISTORY_NOT_FOUND,
    });
  });

  it('answers 404 for a revision of another breakthrough', async () => {
    const a = await post({ title: 'A', content: 'a' });
    const b = await post({ title: 'B', content: 'b' });
    const [ofB] = await history(b);
    const crossed = await call(
      'GET',
      `/api/article/${a}/revisions/${ofB!.revisionId}`,
      memberSession,
    );
    expect(crossed.statusCode).toBe(404);
  });

  it('shows a deleted editor as "deleted user"', async () => {
    const leaver = await createUser(t);
    const leaverBlog = await createBlog(t, { owner: author, members: [leaver] });
    const leaverSession = await signIn(t, leaver);
    const res = await call('POST', '/api/article', leaverSession, {
      blogId: leaverBlog.id,
      title: 'Left behind',
      content: 'Body',
    });
    const { articleId } = res.json<CreatedArticle>();
    await t.database.db.delete(users).where(eq(users.id, leaver.id));
    const [first] = await history(articleId, authorSession);
    expect(first).toMatchObject({ userId: null, userName: 'deleted user' });
  });
});

describe('restoring a revision', () => {
  it('lets the author bring back an older revision, recorded as a new revision', async () => {
    const articleId = await post({ title: 'Original', content: 'Original body', about: 'Kotlin' });
    await call('PUT', `/api/article/${articleId}`, authorSession, {
      title: 'Rewritten',
      content: 'Rewritten body',
    });
    const [, original] = await history(articleId);

    const restored = await call(
      'POST',
      `/api/article/${articleId}/revisions/${original!.revisionId}/restore`,
      authorSession,
    );
    expect(restored.statusCode).toBe(200);
    const body = restored.json<RestoredRevision>();
    expect(body.message).toMatch(/revision 1/);

    const article = (await call('GET', `/api/article/breakthrough/${articleId}`)).json<Article>();
    expect(article).toMatchObject({
      title: 'Original',
      content: 'Original body',
      about: 'Kotlin',
    });
    expect(Date.parse(article.updatedAt)).toBeGreaterThan(Date.parse(article.createdAt));
    const list = await history(articleId);
    expect(list.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(list[0]!.revisionId).toBe(body.revisionId);
    expect((await revision(articleId, body.revisionId)).title).toBe('Original');
  });

  it('is refused to members who may not edit (403), outsiders (404) and visitors (401)', async () => {
    const articleId = await post({ title: 'Stays', content: 'Body' });
    await call('PUT', `/api/article/${articleId}`, authorSession, {
      title: 'Stays 2',
      content: 'B',
    });
    const [, first] = await history(articleId);
    const url = `/api/article/${articleId}/revisions/${first!.revisionId}/restore`;
    expect((await call('POST', url, memberSession)).statusCode).toBe(403);
    expect((await call('POST', url, outsiderSession)).statusCode).toBe(404);
    expect((await call('POST', url)).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, articleId));
    expect(rows).toHaveLength(2);
    expect(
      (await call('GET', `/api/article/breakthrough/${articleId}`)).json<Article>().title,
    ).toBe('Stays 2');
  });
});
