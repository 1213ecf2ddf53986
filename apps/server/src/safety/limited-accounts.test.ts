import type { ReportGroup } from '@repolog/contract/safety';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  type Session,
} from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  // Demo mode: jisoo-han is the moderator; the stand-in's minjun-park has no public repository.
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.request({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

const standing = async (userId: number) => {
  const [row] = await t.database.db
    .select({ created: users.githubCreatedAt, publicActivity: users.githubPublicActivity })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

describe('accounts without public activity on GitHub', () => {
  it('are limited like new ones; the moderators and the blog’s own members are not held', async () => {
    const minjun = await loginWithGitHub(t, 'minjun-park');
    const dana = await loginWithGitHub(t, 'dana-kim');
    const jisoo = await loginWithGitHub(t, 'jisoo-han');
    // What GitHub said at sign-in: an old account, and whether it has public repositories.
    expect(await standing(minjun.userId)).toMatchObject({ publicActivity: false });
    expect((await standing(minjun.userId))?.created?.getUTCFullYear()).toBeLessThan(2020);
    expect(await standing(dana.userId)).toMatchObject({ publicActivity: true });
    expect(await standing(jisoo.userId)).toMatchObject({ publicActivity: false });

    const owner = await createUser(t);
    const blog = await createBlog(t, { owner, members: [{ id: minjun.userId }] });
    const theirs = await createArticle(t, { blog, author: owner });
    const elsewhere = await createArticle(t, {
      blog: await createBlog(t, { owner: await createUser(t) }),
      author: null,
    });
    const link = 'Details: https://example.com/fix';
    expect((await postComment(t, minjun, elsewhere.id, link)).held).toBe('links');
    // On a blog they keep, nobody would approve it but themselves: not held.
    expect((await postComment(t, minjun, theirs.id, link)).held).toBeUndefined();
    expect((await postComment(t, dana, elsewhere.id, link)).held).toBeUndefined();
    expect((await postComment(t, jisoo, elsewhere.id, link)).held).toBeUndefined();

    // Their breakthroughs: two a day.
    const post = (n: number) =>
      call(minjun, 'POST', '/api/article', {
        blogId: blog.id,
        title: `Quiet post ${n}`,
        content: 'Body',
        about: 'TypeScript',
        problem: 'p',
        solution: 's',
      });
    expect((await post(1)).statusCode).toBe(200);
    expect((await post(2)).statusCode).toBe(200);
    const third = await post(3);
    expect([third.statusCode, third.json<{ key: string }>().key]).toEqual([
      429,
      'limits.breakthroughsPerDay',
    ]);
    expect(third.json<{ message: string }>().message).toMatch(/without public activity/);

    // The moderators' queue says so of the person reported.
    const reported = await call(dana, 'POST', '/api/reports', {
      targetType: 'user',
      targetId: minjun.userId,
      reason: 'spam',
    });
    expect(reported.statusCode).toBe(201);
    const queue = (await call(jisoo, 'GET', '/api/admin/reports')).json<ReportGroup[]>();
    const group = queue.find((g) => g.targetType === 'user' && g.targetId === minjun.userId);
    expect(group?.author).toMatchObject({ login: 'minjun-park', limited: true });
    // Three sign-ins through the stand-in and a dozen writes.
  }, 60_000);
});

describe('a block', () => {
  it('refuses adding the blocker to a blog of the blocked person; unblocking allows it', async () => {
    const dana = await loginWithGitHub(t, 'dana-kim');
    const sora = await loginWithGitHub(t, 'sora-lee');
    const blog = await createBlog(t, { owner: { id: dana.userId } });
    const edit = () =>
      call(dana, 'PUT', `/api/blog/${blog.id}`, {
        blogName: 'Dana’s notes',
        description: 'Things we found',
        blogMember: ['dana-kim', 'sora-lee'],
      });
    expect((await call(sora, 'PUT', '/api/blocks/dana-kim')).statusCode).toBe(200);
    const refused = await edit();
    expect([refused.statusCode, refused.json<{ key: string }>().key]).toEqual([
      403,
      'blogs.cannotAdd',
    ]);
    expect(refused.json<{ message: string }>().message).toBe(
      'sora-lee cannot be added to a blog by you.',
    );
    const members = await t.request({ method: 'GET', url: `/api/blog/${blog.id}` });
    expect(members.body).not.toContain('sora-lee');

    await call(sora, 'DELETE', '/api/blocks/dana-kim');
    expect((await edit()).statusCode).toBe(200);
  });
});
