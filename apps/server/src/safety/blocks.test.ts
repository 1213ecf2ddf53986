import { NOTICE_TYPES } from '@repolog/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { noticesOf, postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
  type Session,
} from '../test/factories.js';

// Blocks and notices: nothing the blocked person does reaches the blocker (safety.test.ts: the
// comment refusal and folding; limited-accounts.test.ts: invitations; read-paths.test.ts: notices
// from before the block).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (session: Session, method: 'POST' | 'PUT', url: string, payload = {}) =>
  t.request({ method, url, headers: { cookie: session.cookie }, payload });

describe('a blocked person', () => {
  it('reaches the blocker with no notice of any type: like, favorite, comment, invitation', async () => {
    // Known to GitHub (the stand-in): a blog's members are looked up there.
    const blocker = await loginWithGitHub(t, 'sora-lee');
    const pest = await loginWithGitHub(t, 'dana-kim');
    const blockerUser = { id: blocker.userId };
    const blog = await createBlog(t, { owner: blockerUser });
    const article = await createArticle(t, { blog, author: blockerUser });
    const friend = await signIn(t, await createUser(t));
    expect((await call(blocker, 'PUT', `/api/blocks/${pest.userName}`)).statusCode).toBe(200);

    const like = await call(pest, 'PUT', `/api/article/${article.id}/like`, {
      articleId: article.id,
    });
    expect(like.statusCode).toBe(200);
    const favorite = await call(pest, 'PUT', `/api/blog/${blog.id}/favorites`, { blogId: blog.id });
    expect(favorite.statusCode).toBe(200);
    const comment = await call(pest, 'POST', '/api/comment', {
      articleId: article.id,
      content: 'Hi again',
    });
    expect(comment.statusCode).toBe(403);
    const pestBlog = await createBlog(t, { owner: { id: pest.userId } });
    const invite = await call(pest, 'PUT', `/api/blog/${pestBlog.id}`, {
      blogName: 'Pest notes',
      description: 'x',
      blogMember: [pest.userName, blocker.userName],
    });
    expect(invite.statusCode, invite.body).toBe(403);
    // Someone else's comment still tells the blocker.
    await postComment(t, friend, article.id, 'Nice');
    await t.app.outbox.drain();

    const notices = await noticesOf(t, blocker);
    expect(notices.map((n) => [n.type, n.instigator])).toEqual([
      [NOTICE_TYPES.comment, friend.userName],
    ]);
  });
});
