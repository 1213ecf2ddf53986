import type { Comment } from '@repolog/contract/comments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type Session,
} from '../test/factories.js';

let t: TestApp;
/** The article's author. */
let author: Session;
/** Another signed-in reader. */
let reader: Session;
let third: Session;
let article: ArticleRow;
let otherArticle: ArticleRow;

beforeAll(async () => {
  t = await buildTestApp();
  const authorUser = await createUser(t);
  author = await signIn(t, authorUser);
  reader = await signIn(t, await createUser(t));
  third = await signIn(t, await createUser(t));
  const blog = await createBlog(t, { owner: authorUser });
  article = await createArticle(t, { blog, author: authorUser, title: 'Fixing flaky tests' });
  otherArticle = await createArticle(t, { blog, author: authorUser });
});
afterAll(() => t.close());

const list = (articleId: number, session?: Session) =>
  t.request({
    method: 'GET',
    url: `/api/comment/comments/${articleId}`,
    headers: session ? { cookie: session.cookie } : {},
  });
const add = (session: Session | undefined, payload: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/comment',
    headers: session ? { cookie: session.cookie } : {},
    payload: payload as Record<string, unknown>,
  });
const edit = (session: Session | undefined, commentId: number, payload: unknown) =>
  t.request({
    method: 'PUT',
    url: `/api/comment/${commentId}`,
    headers: session ? { cookie: session.cookie } : {},
    payload: payload as Record<string, unknown>,
  });
const remove = (session: Session | undefined, articleId: number, commentId: number) =>
  t.request({
    method: 'DELETE',
    url: `/api/comment/${articleId}/${commentId}`,
    headers: session ? { cookie: session.cookie } : {},
  });

describe('POST /api/comment', () => {
  it('adds a comment and returns it with the caller’s buttons', async () => {
    const res = await add(reader, { articleId: article.id, content: '  Great write-up!  ' });
    expect(res.statusCode).toBe(200);
    const comment = res.json<Comment>();
    expect(comment).toEqual({
      commentId: expect.any(Number) as number,
      articleId: article.id,
      userName: reader.userName,
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      updatedAt: comment.date,
      content: 'Great write-up!',
      updateButton: true,
      deleteButton: true,
    });
  });

  it('refuses visitors with 401, even with an empty body', async () => {
    for (const payload of [{ articleId: article.id, content: 'hi' }, {}]) {
      const res = await add(undefined, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthenticated' });
    }
  });

  it('refuses empty, whitespace-only and too long content with 400 naming content', async () => {
    for (const content of ['', '   \n\t ', 'x'.repeat(5001), undefined, 42]) {
      const res = await add(reader, { articleId: article.id, content });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/content/);
    }
  });

  it('accepts exactly 5000 characters', async () => {
    const res = await add(reader, { articleId: article.id, content: 'y'.repeat(5000) });
    expect(res.statusCode).toBe(200);
    expect(res.json<Comment>().content).toHaveLength(5000);
  });

  it('answers 404 for an unknown article and 400 for a malformed id', async () => {
    const missing = await add(reader, { articleId: 999_999, content: 'hello' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toMatch(/999999/);
    const malformed = await add(reader, { articleId: 'abc', content: 'hello' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/articleId/);
  });

  it('refuses a call from another origin (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comment',
      headers: { cookie: reader.cookie, origin: 'https://evil.example' },
      payload: { articleId: article.id, content: 'sneaky' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/comment/comments/{articleId}', () => {
  it('lists oldest first with buttons computed for each caller', async () => {
    const first = await postComment(t, reader, otherArticle.id, 'first');
    const second = await postComment(t, author, otherArticle.id, 'second');
    const third_ = await postComment(t, third, otherArticle.id, 'third');

    const asVisitor = (await list(otherArticle.id)).json<Comment[]>();
    expect(asVisitor.map((c) => c.content)).toEqual(['first', 'second', 'third']);
    expect(asVisitor.every((c) => !c.updateButton && !c.deleteButton)).toBe(true);

    const asReader = (await list(otherArticle.id, reader)).json<Comment[]>();
    expect(asReader.map((c) => [c.commentId, c.updateButton, c.deleteButton])).toEqual([
      [first.commentId, true, true],
      [second.commentId, false, false],
      [third_.commentId, false, false],
    ]);

    // The article's author may delete every comment under it, but edit only their own.
    const asAuthor = (await list(otherArticle.id, author)).json<Comment[]>();
    expect(asAuthor.map((c) => [c.updateButton, c.deleteButton])).toEqual([
      [false, true],
      [true, true],
      [false, true],
    ]);
  });

  it('answers an empty array for an article without comments', async () => {
    const blog = await createBlog(t, { owner: await createUser(t) });
    const quiet = await createArticle(t, { blog, author: null });
    const res = await list(quiet.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 for an unknown article', async () => {
    const res = await list(888_888);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('PUT /api/comment/{commentId}', () => {
  it('lets the author edit, returning the updated comment', async () => {
    const comment = await postComment(t, reader, article.id, 'typo hree');
    const res = await edit(reader, comment.commentId, {
      articleId: article.id,
      content: 'typo here',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      commentId: comment.commentId,
      content: 'typo here',
      updateButton: true,
    });
    const listed = (await list(article.id)).json<Comment[]>();
    expect(listed.find((c) => c.commentId === comment.commentId)?.content).toBe('typo here');
  });

  it('accepts a body without articleId', async () => {
    const comment = await postComment(t, reader, article.id, 'v1');
    const res = await edit(reader, comment.commentId, { content: 'v2' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Comment>().content).toBe('v2');
  });

  it('refuses everyone but the comment author with 403, the article author included', async () => {
    const comment = await postComment(t, reader, article.id, 'mine');
    for (const other of [author, third]) {
      const res = await edit(other, comment.commentId, { content: 'hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(
        'Only the author of this comment can edit it.',
      );
    }
    const listed = (await list(article.id)).json<Comment[]>();
    expect(listed.find((c) => c.commentId === comment.commentId)?.content).toBe('mine');
  });

  it('refuses visitors with 401', async () => {
    const comment = await postComment(t, reader, article.id);
    expect((await edit(undefined, comment.commentId, { content: 'x' })).statusCode).toBe(401);
  });

  it('refuses empty or too long content with 400 naming content', async () => {
    const comment = await postComment(t, reader, article.id);
    for (const content of [' ', 'z'.repeat(5001)]) {
      const res = await edit(reader, comment.commentId, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/content/);
    }
  });

  it('answers 404 for an unknown comment or an articleId that is not the comment’s', async () => {
    expect((await edit(reader, 777_777, { content: 'x' })).statusCode).toBe(404);
    const comment = await postComment(t, reader, article.id);
    const wrong = await edit(reader, comment.commentId, {
      articleId: otherArticle.id,
      content: 'x',
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('DELETE /api/comment/{articleId}/{commentId}', () => {
  it('lets the comment author delete it', async () => {
    const comment = await postComment(t, reader, article.id, 'to be removed');
    const res = await remove(reader, article.id, comment.commentId);
    expect(res.statusCode).toBe(200);
    const listed = (await list(article.id)).json<Comment[]>();
    expect(listed.some((c) => c.commentId === comment.commentId)).toBe(false);
  });

  it('lets the article author delete someone else’s comment', async () => {
    const comment = await postComment(t, third, article.id, 'off-topic');
    expect((await remove(author, article.id, comment.commentId)).statusCode).toBe(200);
    expect((await remove(author, article.id, comment.commentId)).statusCode).toBe(404);
  });

  it('refuses other users with 403 and visitors with 401', async () => {
    const comment = await postComment(t, reader, article.id, 'stays');
    const res = await remove(third, article.id, comment.commentId);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/author/);
    expect((await remove(undefined, article.id, comment.commentId)).statusCode).toBe(401);
    const listed = (await list(article.id)).json<Comment[]>();
    expect(listed.some((c) => c.commentId === comment.commentId)).toBe(true);
  });

  it('answers 404 when the comment is not on that article', async () => {
    const comment = await postComment(t, reader, article.id);
    const res = await remove(reader, otherArticle.id, comment.commentId);
    expect(res.statusCode).toBe(404);
    expect((await list(article.id)).json<Comment[]>().map((c) => c.commentId)).toContain(
      comment.commentId,
    );
  });
});
