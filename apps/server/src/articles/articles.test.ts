import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import { PUBLIC_VIEW_TTL_MS } from '../plugins/microcache.js';
import { UNRENDERABLE } from './articles.service.js';
import type { TestApp } from '../test/app.js';
import { addLike } from '../test/article-factories.js';
import { articlesWorld } from '../test/articles-world.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

const { w, token, get, post, put, del, valid } = articlesWorld();
let t: TestApp;
let owner: UserRow;
let member: UserRow;
let ownerSession: Session;
let memberSession: Session;
let outsiderSession: Session;
let blog: BlogRow;
beforeAll(() => {
  ({ t, owner, member, ownerSession, memberSession, outsiderSession, blog } = w);
});

describe('the blog page after a breakthrough is posted, edited or deleted', () => {
  afterEach(() => vi.useRealTimers());

  it('lists the change at once, for its members and for visitors', async () => {
    // The clock stands still, so no cached view expires by itself during the test.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const titlesOnBlogPage = async (session?: Session) =>
      (await get(`/api/blog/non-member/${blog.id}`, session))
        .json<Blog>()
        .break_throughs.map((a) => a.articleTitle);
    const word = token();
    // Both views of the blog page are warm before the post.
    expect(await titlesOnBlogPage()).not.toContain(word);
    expect(await titlesOnBlogPage(ownerSession)).not.toContain(word);

    const posted = await post({ ...valid(), title: word }, ownerSession);
    expect(posted.statusCode).toBe(200);
    expect(await titlesOnBlogPage(ownerSession)).toContain(word);
    expect(await titlesOnBlogPage()).toContain(word);

    const { articleId } = posted.json<{ articleId: number }>();
    expect(
      (await put(articleId, { title: `${word} v2`, content: 'Edited.' }, ownerSession)).statusCode,
    ).toBe(200);
    expect(await titlesOnBlogPage()).toContain(`${word} v2`);

    expect((await del(articleId, ownerSession)).statusCode).toBe(200);
    expect((await titlesOnBlogPage()).filter((title) => title.startsWith(word))).toEqual([]);
  });
});

describe('GET /api/article/breakthrough/{articleId}', () => {
  it('returns the full article, liked flag for the caller and false for visitors', async () => {
    const article = await createArticle(t, {
      blog,
      author: owner,
      title: 'Retry storms',
      content: '## Body',
      about: 'Kotlin',
      problem: 'Retries pile up',
      solution: 'Jittered backoff',
    });
    await addLike(t, { userId: member.id, articleId: article.id });

    const res = await get(`/api/article/breakthrough/${article.id}`, memberSession);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      articleId: article.id,
      blogId: blog.id,
      userId: owner.id,
      userName: owner.userName,
      title: 'Retry storms',
      blogName: 'Platform Team',
      content: '## Body',
      contentHtml: '<h2>Body</h2>',
      about: 'Kotlin',
      problem: 'Retries pile up',
      solution: 'Jittered backoff',
      // No repository item chosen for either.
      problemRef: null,
      solutionRef: null,
      likeCount: 1,
      likeButton: true,
      tags: [],
      createdAt: article.createdAt.toISOString(),
      updatedAt: article.updatedAt.toISOString(),
      coauthors: [],
      commentsLocked: false,
      // A member of the blog: may close its comments.
      commentsLockButton: true,
    });
    const visitor = await get(`/api/article/breakthrough/${article.id}`);
    expect(visitor.json<Article>()).toMatchObject({ likeButton: false, likeCount: 1 });
    const other = await get(`/api/article/breakthrough/${article.id}`, outsiderSession);
    expect(other.json<Article>().likeButton).toBe(false);
  });

  it('answers 404 for an unknown article and 400 for a malformed id', async () => {
    const missing = await get('/api/article/breakthrough/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: 'not_found',
      message: 'This breakthrough does not exist.',
      key: 'articles.notFound',
      params: {},
    });
    const bad = await get('/api/article/breakthrough/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/articleId/);
  });

  it("shows 'deleted user' once the author deleted their account", async () => {
    const leaving = await createUser(t);
    const session = await signIn(t, leaving);
    const team = await createBlog(t, { owner, members: [leaving] });
    const article = await createArticle(t, { blog: team, author: leaving, title: 'Left behind' });

    const gone = await t.request({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { cookie: session.cookie },
    });
    expect(gone.statusCode).toBe(200);

    const res = await get(`/api/article/breakthrough/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Article>()).toMatchObject({ userId: null, userName: 'deleted user' });
    // Nobody is its author any more: the old author's teammates cannot edit it either.
    expect((await put(article.id, { title: 'x', content: 'y' }, ownerSession)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/article', () => {
  it('lets a member write a breakthrough and answers with its id', async () => {
    const res = await post({ ...valid(), about: 'typescript' }, memberSession);
    expect(res.statusCode).toBe(200);
    const created = res.json<{ articleId: number; blogId: number; message: string }>();
    expect(created).toEqual({
      articleId: expect.any(Number) as number,
      blogId: blog.id,
      message: 'Your breakthrough has been posted.',
    });
    const page = await get(`/api/article/breakthrough/${created.articleId}`);
    expect(page.json<Article>()).toMatchObject({
      userId: member.id,
      userName: member.userName,
      title: 'Connection pool exhaustion under load',
      content: '# What happened\n\nThe pool ran dry.',
      about: 'TypeScript',
      problem: 'Pool exhausted #12',
      solution: 'Release clients in finally',
      likeCount: 0,
      likeButton: false,
    });
  });

  it('stores optional fields left blank as null and keeps the body as written', async () => {
    const res = await post(
      { blogId: blog.id, title: '  Trimmed  ', content: '    indented code', about: '' },
      ownerSession,
    );
    expect(res.statusCode).toBe(200);
    const page = await get(
      `/api/article/breakthrough/${res.json<{ articleId: number }>().articleId}`,
    );
    expect(page.json<Article>()).toMatchObject({
      title: 'Trimmed',
      content: '    indented code',
      about: null,
      problem: null,
      solution: null,
    });
  });

  it('refuses visitors with 401 (before looking at the body), non-members with 403, unknown blogs with 404', async () => {
    expect((await post(valid())).statusCode).toBe(401);
    expect((await post({})).statusCode).toBe(401);

    const outside = await post(valid(), outsiderSession);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({
      error: 'forbidden',
      message: 'Only members of this blog can write breakthroughs in it.',
      key: 'articles.membersOnlyWrite',
      params: {},
    });

    const unknown = await post({ ...valid(), blogId: 876543 }, memberSession);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'not_found',
      message: 'This blog does not exist.',
      key: 'blogs.gone',
      params: {},
    });
  });

  it.each([
    ['title', { title: 'x'.repeat(201) }, /title must be at most 200 characters/],
    ['title', { title: '   ' }, /title is required/],
    ['content', { content: ' \n\t ' }, /content is required/],
    ['content', { content: '' }, /content is required/],
    ['content', { content: 'x'.repeat(100_001) }, /content must be at most 100000 characters/],
    ['about', { about: 'Cobol' }, /about must be one of/],
    ['problem', { problem: 'p'.repeat(301) }, /problem must be at most 300 characters/],
    ['solution', { solution: 's'.repeat(301) }, /solution must be at most 300 characters/],
    ['blogId', { blogId: 'abc' }, /blogId/],
  ])('refuses a bad %s with a 400 naming it', async (field, change, message) => {
    const res = await post({ ...valid(), ...change }, memberSession);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; message: string }>();
    expect(body.message).toContain(field);
    expect(body.message).toMatch(message);
  });

  it('accepts the limits themselves', async () => {
    const res = await post(
      { ...valid(), title: 't'.repeat(200), problem: 'p'.repeat(300), about: 'C#' },
      memberSession,
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('PUT /api/article/{articleId}', () => {
  it('lets the author edit and returns the full article with a newer updatedAt', async () => {
    const article = await createArticle(t, {
      blog,
      author: member,
      title: 'Draft',
      about: 'Java',
      createdAt: new Date(Date.now() - 5000),
    });
    const res = await put(
      article.id,
      {
        blogId: blog.id,
        title: 'Final',
        content: 'Rewritten',
        about: 'swift',
        problem: null,
        solution: 'Done',
      },
      memberSession,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<Article>();
    expect(body).toMatchObject({
      articleId: article.id,
      blogId: blog.id,
      userId: member.id,
      userName: member.userName,
      blogName: 'Platform Team',
      title: 'Final',
      content: 'Rewritten',
      about: 'Swift',
      problem: null,
      solution: 'Done',
      likeButton: false,
      createdAt: article.createdAt.toISOString(),
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(article.updatedAt.getTime());
    // blogId may be left out.
    expect(
      (await put(article.id, { title: 'Again', content: 'x' }, memberSession)).statusCode,
    ).toBe(200);
  });

  it('refuses anyone but the author, even the blog owner', async () => {
    const article = await createArticle(t, { blog, author: member, title: 'Mine' });
    const byOwner = await put(article.id, { title: 'Hijack', content: 'x' }, ownerSession);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({
      error: 'forbidden',
      message: 'Only the author and co-authors can edit this breakthrough.',
      key: 'articles.authorsOnlyEdit',
      params: {},
    });
    expect((await put(article.id, { title: 'x', content: 'x' })).statusCode).toBe(401);
    const still = await get(`/api/article/breakthrough/${article.id}`);
    expect(still.json<Article>().title).toBe('Mine');
  });

  it('refuses moving an article to another blog, unknown articles and bad fields', async () => {
    const other = await createBlog(t, { owner: member });
    const article = await createArticle(t, { blog, author: member });
    const moved = await put(
      article.id,
      { blogId: other.id, title: 'x', content: 'x' },
      memberSession,
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ message: string }>().message).toMatch(/blogId/);

    expect((await put(998877, { title: 'x', content: 'x' }, memberSession)).statusCode).toBe(404);
    const long = await put(article.id, { title: 'x'.repeat(201), content: 'x' }, memberSession);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/title/);
  });
});

describe('DELETE /api/article/{articleId}', () => {
  it('lets only the author delete', async () => {
    const article = await createArticle(t, { blog, author: member });
    expect((await del(article.id)).statusCode).toBe(401);
    const byOwner = await del(article.id, ownerSession);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json<{ message: string }>().message).toBe(
      'Only the author can delete this breakthrough.',
    );

    const res = await del(article.id, memberSession);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The Breakthrough is deleted.' });
    expect((await get(`/api/article/breakthrough/${article.id}`)).statusCode).toBe(404);
    expect((await del(article.id, memberSession)).statusCode).toBe(404);
  });
});

describe('what visitors see of an article', () => {
  it("is reused for at most a second, but the author's edit shows at once", async () => {
    const article = await createArticle(t, { blog, author: member, title: 'Cached for visitors' });
    const path = `/api/article/breakthrough/${article.id}`;
    expect((await get(path)).json<Article>().likeCount).toBe(0);

    // Someone likes it: visitors may see the old count for up to a second...
    const liked = await t.request({
      method: 'PUT',
      url: `/api/article/${article.id}/like`,
      headers: { cookie: outsiderSession.cookie },
      payload: {},
    });
    expect(liked.json<{ likeCount: number }>().likeCount).toBe(1);
    // ...while the signed-in reader always gets the database's answer.
    expect((await get(path, outsiderSession)).json<Article>()).toMatchObject({
      likeCount: 1,
      likeButton: true,
    });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PUBLIC_VIEW_TTL_MS + 1 });
    try {
      expect((await get(path)).json<Article>().likeCount).toBe(1);
    } finally {
      vi.useRealTimers();
    }

    const edited = await put(
      article.id,
      { ...valid(), title: 'Edited for everyone' },
      memberSession,
    );
    expect(edited.statusCode).toBe(200);
    expect((await get(path)).json<Article>().title).toBe('Edited for everyone');
  });
});

describe('a body the renderer cannot display', () => {
  it('(nested too deeply) is refused with a 400 naming content, and the server keeps answering', async () => {
    const res = await post({ ...valid(), content: '>'.repeat(300) }, memberSession);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message:
        'content: this markdown cannot be displayed (it is nested too deeply or takes too long to render). Please simplify it.',
      key: UNRENDERABLE,
      params: {},
    });
    expect((await get('/api/article/breakthrough?page=1&size=1')).statusCode).toBe(200);
  }, 20_000);
});
