import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { Notice } from '@repolog/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { noticesOf, postComment, unreadCountOf } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
  type ArticleRow,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Cast {
  authorUser: UserRow;
  author: Session;
  reader: Session;
  blog: BlogRow;
  article: ArticleRow;
}

/** A fresh author with a blog and an article, and a reader; separate per test. */
async function cast(): Promise<Cast> {
  const authorUser = await createUser(t);
  const author = await signIn(t, authorUser);
  const reader = await signIn(t, await createUser(t));
  const blog = await createBlog(t, { owner: authorUser, name: 'Team Rocket' });
  const article = await createArticle(t, {
    blog,
    author: authorUser,
    title: 'Why our cache lied',
  });
  return { authorUser, author, reader, blog, article };
}

const call = (method: 'GET' | 'PUT', url: string, session?: Session) =>
  t.request({ method, url, headers: session ? { cookie: session.cookie } : {} });

describe('a new comment', () => {
  it('notifies the article author with the notice shape of DESIGN §4', async () => {
    const { author, reader, blog, article } = await cast();
    await postComment(t, reader, article.id, 'Nice!');
    const notices = await noticesOf(t, author);
    expect(notices).toEqual([
      {
        noticeId: expect.any(Number) as number,
        type: NOTICE_TYPES.comment,
        instigator: reader.userName,
        relatedId: { articleId: article.id },
        isViewed: false,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) as string,
        blogName: blog.name,
        articleTitle: 'Why our cache lied',
      },
    ]);
    expect(await unreadCountOf(t, author)).toBe(1);
    expect(await noticesOf(t, reader)).toEqual([]);
  });

  it('notifies once per comment, but never the author of their own comment', async () => {
    const { author, reader, article } = await cast();
    await postComment(t, author, article.id, 'Author here, thanks all');
    expect(await noticesOf(t, author)).toEqual([]);
    await postComment(t, reader, article.id, 'one');
    await postComment(t, reader, article.id, 'two');
    expect(await unreadCountOf(t, author)).toBe(2);
  });

  it('notifies nobody when the article’s author has deleted their account', async () => {
    const { blog, reader } = await cast();
    const orphan = await createArticle(t, { blog, author: null });
    await postComment(t, reader, orphan.id, 'Anyone?');
    expect(await noticesOf(t, reader)).toEqual([]);
  });
});

describe('GET /api/notice', () => {
  it('lists newest first and pages with X-Total-Count and Link', async () => {
    const { author, reader, article } = await cast();
    for (let i = 1; i <= 5; i += 1) await postComment(t, reader, article.id, `comment ${i}`);
    const all = await noticesOf(t, author);
    expect(all).toHaveLength(5);
    const ids = all.map((n) => n.noticeId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const page2 = await call('GET', '/api/notice?page=2&size=2', author);
    expect(page2.statusCode).toBe(200);
    expect(page2.json<Notice[]>().map((n) => n.noticeId)).toEqual(ids.slice(2, 4));
    expect(page2.headers['x-total-count']).toBe('5');
    const link = String(page2.headers.link);
    expect(link).toContain('page=1&size=2>; rel="first"');
    expect(link).toContain('page=1&size=2>; rel="prev"');
    expect(link).toContain('page=3&size=2>; rel="next"');
    expect(link).toContain('page=3&size=2>; rel="last"');

    const last = await call('GET', '/api/notice?page=3&size=2', author);
    expect(last.json<Notice[]>().map((n) => n.noticeId)).toEqual(ids.slice(4));
    expect(String(last.headers.link)).not.toContain('rel="next"');
  });

  it('uses pages of 10 when only page is given', async () => {
    const { author, reader, article } = await cast();
    for (let i = 1; i <= 11; i += 1) await postComment(t, reader, article.id, `c${i}`);
    const first = await call('GET', '/api/notice?page=1', author);
    expect(first.json<Notice[]>()).toHaveLength(10);
    expect(first.headers['x-total-count']).toBe('11');
    const second = await call('GET', '/api/notice?page=2', author);
    expect(second.json<Notice[]>()).toHaveLength(1);
  });

  it('refuses bad paging values with 400 naming the parameter', async () => {
    const { author } = await cast();
    const res = await call('GET', '/api/notice?page=0', author);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/page/);
    const size = await call('GET', '/api/notice?page=1&size=5000', author);
    expect(size.statusCode).toBe(400);
    expect(size.json<{ message: string }>().message).toMatch(/size/);
  });

  it('gives a visitor an empty list and a zero count; marking stays for signed-in users', async () => {
    const list = await call('GET', '/api/notice');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const paged = await call('GET', '/api/notice?page=1&size=10');
    expect(paged.json()).toEqual([]);
    expect(paged.headers['x-total-count']).toBe('0');
    const count = await call('GET', '/api/notice/count');
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ unreadCount: 0 });
    for (const url of ['/api/notice/read-all', '/api/notice/1']) {
      expect((await call('PUT', url)).statusCode).toBe(401);
    }
  });
});

describe('marking notifications viewed', () => {
  it('lets the recipient mark one viewed, lowering the count by one', async () => {
    const { author, reader, article } = await cast();
    await postComment(t, reader, article.id, 'a');
    await postComment(t, reader, article.id, 'b');
    const [newest] = await noticesOf(t, author);
    if (!newest) throw new Error('no notice');

    const res = await call('PUT', `/api/notice/${newest.noticeId}`, author);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...newest, isViewed: true });
    expect(await unreadCountOf(t, author)).toBe(1);
    // Marking it again changes nothing.
    expect((await call('PUT', `/api/notice/${newest.noticeId}`, author)).statusCode).toBe(200);
    expect(await unreadCountOf(t, author)).toBe(1);
    const listed = await noticesOf(t, author);
    expect(listed.map((n) => n.isViewed)).toEqual([true, false]);
  });

  it('refuses anyone but the recipient with 403 and unknown ids with 404', async () => {
    const { author, reader, article } = await cast();
    await postComment(t, reader, article.id, 'a');
    const [notice] = await noticesOf(t, author);
    if (!notice) throw new Error('no notice');
    const res = await call('PUT', `/api/notice/${notice.noticeId}`, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(
      'Only the recipient of this notification can mark it as read.',
    );
    expect(await unreadCountOf(t, author)).toBe(1);
    expect((await call('PUT', '/api/notice/123456789', author)).statusCode).toBe(404);
    expect((await call('PUT', '/api/notice/abc', author)).statusCode).toBe(400);
  });

  it('marks all viewed with read-all', async () => {
    const { author, reader, article } = await cast();
    for (const text of ['a', 'b', 'c']) await postComment(t, reader, article.id, text);
    const res = await call('PUT', '/api/notice/read-all', author);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3, unreadCount: 0 });
    expect((await noticesOf(t, author)).every((n) => n.isViewed)).toBe(true);
    const again = await call('PUT', '/api/notice/read-all', author);
    expect(again.json()).toEqual({ updated: 0, unreadCount: 0 });
  });
});

describe('recipients of events from other features', () => {
  // Events go through the app's own outbox and the notifications module's own handlers.
  const events = {
    emit: (...args: Parameters<TestApp['app']['outbox']['emit']>) => t.app.outbox.emit(...args),
  };

  it('invites each added member, never the one who added them', async () => {
    const owner = await createUser(t);
    const [m1, m2] = [await createUser(t), await createUser(t)];
    const blog = await createBlog(t, { owner, members: [m1, m2], name: 'Invited' });
    await events.emit('blog.membersAdded', {
      blogId: blog.id,
      instigatorId: owner.id,
      userIds: [owner.id, m1.id, m2.id, m2.id],
    });
    for (const member of [m1, m2]) {
      const notices = await noticesOf(t, await signIn(t, member));
      expect(notices).toMatchObject([
        {
          type: NOTICE_TYPES.invitation,
          instigator: owner.userName,
          relatedId: { blogId: blog.id },
          blogName: 'Invited',
          articleTitle: null,
        },
      ]);
    }
    expect(await noticesOf(t, await signIn(t, owner))).toEqual([]);
  });

  it('tells every member but the fan about a favorite, once however often it is toggled', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const fan = await createUser(t);
    const blog = await createBlog(t, { owner, members: [member], name: 'Loved' });
    for (let i = 0; i < 3; i += 1) {
      await events.emit('blog.favorited', { blogId: blog.id, userId: fan.id });
    }
    for (const user of [owner, member]) {
      expect(await noticesOf(t, await signIn(t, user))).toMatchObject([
        { type: NOTICE_TYPES.favorited, instigator: fan.userName, relatedId: { blogId: blog.id } },
      ]);
    }
    // A member favoriting their own blog tells the other members only.
    await events.emit('blog.favorited', { blogId: blog.id, userId: member.id });
    expect(await noticesOf(t, await signIn(t, member))).toHaveLength(1);
    expect(await noticesOf(t, await signIn(t, owner))).toHaveLength(2);
  });

  it('tells the author about a like once (like, unlike, like), never about their own', async () => {
    const { authorUser, author, article } = await cast();
    const fan = await createUser(t);
    await events.emit('article.liked', { articleId: article.id, userId: fan.id });
    await events.emit('article.liked', { articleId: article.id, userId: fan.id });
    await events.emit('article.liked', { articleId: article.id, userId: authorUser.id });
    expect(await noticesOf(t, author)).toMatchObject([
      {
        type: NOTICE_TYPES.liked,
        instigator: fan.userName,
        relatedId: { articleId: article.id },
        articleTitle: 'Why our cache lied',
      },
    ]);
    // Another fan is another notification.
    const second = await createUser(t);
    await events.emit('article.liked', { articleId: article.id, userId: second.id });
    expect(await unreadCountOf(t, author)).toBe(2);
  });
});

describe('recipients through the other features’ calls', () => {
  const like = (session: Session, articleId: number) =>
    t.request({
      method: 'PUT',
      url: `/api/article/${articleId}/like`,
      headers: { cookie: session.cookie },
      payload: { articleId },
    });
  const favorite = (session: Session, blogId: number) =>
    t.request({
      method: 'PUT',
      url: `/api/blog/${blogId}/favorites`,
      headers: { cookie: session.cookie },
      payload: { blogId },
    });

  it('like, unlike, like notifies the author once; their own like not at all', async () => {
    const { author, reader, article } = await cast();
    const states = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await like(reader, article.id);
      expect(res.statusCode).toBe(200);
      states.push(res.json<{ likeButton: boolean }>().likeButton);
    }
    expect(states).toEqual([true, false, true]);
    expect((await like(author, article.id)).statusCode).toBe(200);
    expect(await noticesOf(t, author)).toMatchObject([
      {
        type: NOTICE_TYPES.liked,
        instigator: reader.userName,
        relatedId: { articleId: article.id },
        articleTitle: 'Why our cache lied',
      },
    ]);
    expect(await noticesOf(t, reader)).toEqual([]);
  });

  it('a favorite toggled on, off and on tells each other member once', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const blog = await createBlog(t, { owner, members: [member], name: 'Followed' });
    const fan = await signIn(t, await createUser(t));
    for (let i = 0; i < 3; i += 1) expect((await favorite(fan, blog.id)).statusCode).toBe(200);
    const memberSession = await signIn(t, member);
    for (const session of [await signIn(t, owner), memberSession]) {
      expect(await noticesOf(t, session)).toMatchObject([
        {
          type: NOTICE_TYPES.favorited,
          instigator: fan.userName,
          relatedId: { blogId: blog.id },
          blogName: 'Followed',
        },
      ]);
    }
    expect(await noticesOf(t, fan)).toEqual([]);
    // A member who favorites their own blog is not told about it.
    expect((await favorite(memberSession, blog.id)).statusCode).toBe(200);
    expect(await noticesOf(t, memberSession)).toHaveLength(1);
  });

  it('creating a blog with contributors invites each of them, not the creator', async () => {
    const dana = await loginWithGitHub(t, 'dana-kim');
    const res = await t.request({
      method: 'POST',
      url: '/api/blog',
      headers: { cookie: dana.cookie },
      payload: {
        blogName: 'Frontend notes',
        description: 'What we learned',
        gitRepoUrl: `${t.config.publicUrl}/__github/repolog-team/frontend`,
        blogMember: ['sora-lee', 'alex-chen'],
      },
    });
    expect(res.statusCode).toBe(200);
    const blogId = res.json<{ blog_id: number }>().blog_id;
    for (const login of ['sora-lee', 'alex-chen']) {
      const session = await loginWithGitHub(t, login);
      expect(await noticesOf(t, session)).toMatchObject([
        {
          type: NOTICE_TYPES.invitation,
          instigator: 'dana-kim',
          relatedId: { blogId },
          blogName: 'Frontend notes',
        },
      ]);
    }
    expect(await noticesOf(t, dana)).toEqual([]);
  });
});
