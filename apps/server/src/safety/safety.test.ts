import type { Comment } from '@repolog/contract/comments';
import type { AuditEntry, BlockedUser, ReportGroup } from '@repolog/contract/safety';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { noticesOf, postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type BlogRow,
  type Session,
} from '../test/factories.js';

let t: TestApp;
let author: Session;
let reader: Session;
let member: Session;
let moderator: Session;
let blog: BlogRow;
let article: ArticleRow;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_LOGINS: 'the-moderator, someone-else' } });
  const authorUser = await createUser(t);
  const memberUser = await createUser(t);
  author = await signIn(t, authorUser);
  member = await signIn(t, memberUser);
  reader = await signIn(t, await createUser(t));
  moderator = await signIn(t, await createUser(t, { userName: 'The-Moderator' }));
  blog = await createBlog(t, { owner: authorUser, members: [memberUser] });
  article = await createArticle(t, { blog, author: authorUser, title: 'Flaky tests' });
});
afterAll(() => t.close());

const call = (
  session: Session | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.request({
    method,
    url,
    headers: session ? { cookie: session.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const thread = async (session?: Session) =>
  (await call(session, 'GET', `/api/comment/comments/${article.id}`)).json<Comment[]>();
const report = (session: Session | undefined, payload: Record<string, unknown>) =>
  call(session, 'POST', '/api/reports', payload);
const act = (session: Session, payload: Record<string, unknown>) =>
  call(session, 'POST', '/api/admin/actions', payload);

describe('POST /api/reports', () => {
  it('takes a report once while it is open, and refuses bad ones with their message', async () => {
    const comment = await postComment(t, author, article.id, 'Report me');
    const target = { targetType: 'comment', targetId: comment.commentId };
    const first = await report(reader, { ...target, reason: 'spam' });
    expect(first.statusCode).toBe(201);
    expect(first.json<{ message: string }>().message).toMatch(/received/);

    const twice = await report(reader, { ...target, reason: 'harassment' });
    expect([twice.statusCode, twice.json<{ key: string }>().key]).toEqual([
      409,
      'reports.duplicate',
    ]);
    const self = await report(author, { ...target, reason: 'spam' });
    expect([self.statusCode, self.json<{ key: string }>().key]).toEqual([400, 'reports.self']);
    const selfUser = await report(reader, {
      targetType: 'user',
      targetId: reader.userId,
      reason: 'spam',
    });
    expect(selfUser.json<{ key: string }>().key).toBe('reports.self');
    const missing = await report(reader, {
      targetType: 'article',
      targetId: 999999,
      reason: 'spam',
    });
    expect([missing.statusCode, missing.json<{ key: string }>().key]).toEqual([
      404,
      'reports.targetNotFound',
    ]);
    const other = await report(member, { ...target, reason: 'other' });
    expect([other.statusCode, other.json<{ key: string }>().key]).toEqual([
      400,
      'validation.text.otherReason',
    ]);
    const badReason = await report(member, { ...target, reason: 'boring' });
    expect(badReason.statusCode).toBe(400);
    const long = await report(member, { ...target, reason: 'other', text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect((await report(undefined, { ...target, reason: 'spam' })).statusCode).toBe(401);
  });
});

describe('moderation', () => {
  it('answers 403 to non-moderators on every moderation route, whatever the ids', async () => {
    for (const session of [reader, author, member]) {
      expect((await call(session, 'GET', '/api/admin/reports')).statusCode).toBe(403);
      expect((await call(session, 'GET', '/api/admin/audit')).statusCode).toBe(403);
      // Every action, on real ids (the caller's own content, someone else's account) and
      // guessed ones alike.
      const targets = [
        ['hide', 'article', article.id],
        ['restore', 'article', article.id],
        ['delete', 'article', 424242],
        ['dismiss', 'comment', 1],
        ['suspend', 'user', moderator.userId],
        ['unsuspend', 'user', session.userId],
      ] as const;
      for (const [action, targetType, targetId] of targets) {
        const res = await act(session, { action, targetType, targetId, reason: 'guess' });
        expect([action, res.statusCode, res.json<{ key: string }>().key]).toEqual([
          action,
          403,
          'moderation.moderatorsOnly',
        ]);
      }
    }
    const still = await t.request({
      method: 'GET',
      url: `/api/article/breakthrough/${article.id}`,
    });
    expect(still.statusCode).toBe(200);
    expect((await call(undefined, 'GET', '/api/admin/reports')).statusCode).toBe(401);
  });

  it('report -> queue -> hide: gone for visitors, its author sees why; restore brings it back', async () => {
    const comment = await postComment(t, author, article.id, 'Buy cheap pills');
    await report(reader, { targetType: 'comment', targetId: comment.commentId, reason: 'spam' });
    await report(member, {
      targetType: 'comment',
      targetId: comment.commentId,
      reason: 'other',
      text: 'Advertising',
    });
    const queue = (await call(moderator, 'GET', '/api/admin/reports')).json<ReportGroup[]>();
    const group = queue.find((g) => g.targetType === 'comment' && g.targetId === comment.commentId);
    expect(group?.content.text).toBe('Buy cheap pills');
    expect(group?.author?.login).toBe(author.userName);
    expect(group?.reports.map((r) => r.reason)).toEqual(['spam', 'other']);

    const hidden = await act(moderator, {
      action: 'hide',
      targetType: 'comment',
      targetId: comment.commentId,
      reason: 'Spam',
    });
    expect(hidden.statusCode).toBe(200);
    expect((await thread()).map((c) => c.commentId)).not.toContain(comment.commentId);
    expect((await thread(reader)).map((c) => c.commentId)).not.toContain(comment.commentId);
    const own = (await thread(author)).find((c) => c.commentId === comment.commentId);
    expect(own?.hidden).toEqual({ reason: 'Spam' });
    const queueAfter = (await call(moderator, 'GET', '/api/admin/reports')).json<ReportGroup[]>();
    expect(queueAfter.some((g) => g.targetId === comment.commentId)).toBe(false);

    await act(moderator, {
      action: 'restore',
      targetType: 'comment',
      targetId: comment.commentId,
      reason: 'Appeal',
    });
    const back = (await thread()).find((c) => c.commentId === comment.commentId);
    expect(back?.content).toBe('Buy cheap pills');
    expect(back?.hidden).toBeUndefined();

    const audit = (await call(moderator, 'GET', '/api/admin/audit')).json<AuditEntry[]>();
    expect(audit.slice(0, 2).map((a) => [a.action, a.moderator, a.reason])).toEqual([
      ['restore', 'The-Moderator', 'Appeal'],
      ['hide', 'The-Moderator', 'Spam'],
    ]);
  });

  it('suspends: sessions end at once, every write is refused with until when; lifting ends it', async () => {
    const user = await createUser(t);
    const before = await signIn(t, user);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await act(moderator, {
      action: 'suspend',
      targetType: 'user',
      targetId: user.id,
      reason: 'Spam run',
      until,
    });
    expect(res.statusCode).toBe(200);
    expect((await call(before, 'GET', '/api/auth/info')).statusCode).toBe(401);

    const again = await signIn(t, user);
    expect((await call(again, 'GET', `/api/comment/comments/${article.id}`)).statusCode).toBe(200);
    const refused = await call(again, 'POST', '/api/comment', {
      articleId: article.id,
      content: 'hi',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ key: string; params: { until: string } }>()).toMatchObject({
      key: 'moderation.suspended',
      params: { until },
    });
    // Every other kind of write too, whichever feature it belongs to.
    const writes: [string, 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>?][] = [
      ['like', 'PUT', `/api/article/${article.id}/like`, { articleId: article.id }],
      ['favorite', 'PUT', `/api/blog/${blog.id}/favorites`, { blogId: blog.id }],
      [
        'report',
        'POST',
        '/api/reports',
        { targetType: 'article', targetId: article.id, reason: 'spam' },
      ],
      ['block', 'PUT', `/api/blocks/${reader.userName}`],
      ['draft', 'POST', `/api/blog/${blog.id}/drafts`, { title: 'x', content: 'y' }],
    ];
    for (const [what, method, url, payload] of writes) {
      const res = await call(again, method, url, payload);
      expect([what, res.statusCode, res.json<{ key: string }>().key]).toEqual([
        what,
        403,
        'moderation.suspended',
      ]);
    }
    // Reading stays open: their own notices can still be marked read.
    expect((await call(again, 'PUT', '/api/notice/read-all')).statusCode).toBe(200);

    await act(moderator, {
      action: 'unsuspend',
      targetType: 'user',
      targetId: user.id,
      reason: 'ok',
    });
    expect(
      (await call(again, 'POST', '/api/comment', { articleId: article.id, content: 'back' }))
        .statusCode,
    ).toBe(200);

    await act(moderator, { action: 'suspend', targetType: 'user', targetId: user.id, reason: 'x' });
    const forGood = await signIn(t, user);
    const key = (
      await call(forGood, 'PUT', `/api/article/${article.id}/like`, { articleId: article.id })
    ).json<{
      key: string;
    }>().key;
    expect(key).toBe('moderation.suspendedForGood');
  });

  it('refuses actions that do not fit their target', async () => {
    const wrong = await act(moderator, {
      action: 'suspend',
      targetType: 'comment',
      targetId: 1,
      reason: 'x',
    });
    expect([wrong.statusCode, wrong.json<{ key: string }>().key]).toEqual([
      400,
      'moderation.notApplicable',
    ]);
    const past = await act(moderator, {
      action: 'suspend',
      targetType: 'user',
      targetId: reader.userId,
      reason: 'x',
      until: '2000-01-01T00:00:00Z',
    });
    expect(past.json<{ key: string }>().key).toBe('moderation.untilPast');
    const missing = await act(moderator, {
      action: 'hide',
      targetType: 'comment',
      targetId: 999999,
      reason: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('blog members keep their house', () => {
  it('hide, restore and delete any comment on their breakthroughs, and lock the comments', async () => {
    const comment = await postComment(t, reader, article.id, 'Off topic rant');
    expect(
      (await call(author, 'POST', `/api/comment/${comment.commentId}/hide`, {})).statusCode,
    ).toBe(200);
    expect((await thread()).some((c) => c.commentId === comment.commentId)).toBe(false);
    expect((await thread(reader)).find((c) => c.commentId === comment.commentId)?.hidden).toEqual({
      reason: 'Hidden by a member of the blog',
    });
    const stranger = await call(reader, 'POST', `/api/comment/${comment.commentId}/restore`);
    expect(stranger.json<{ key: string }>().key).toBe('comments.membersOnlyModerate');
    expect(
      (await call(member, 'POST', `/api/comment/${comment.commentId}/restore`)).statusCode,
    ).toBe(200);
    expect(
      (await call(member, 'DELETE', `/api/comment/${article.id}/${comment.commentId}`)).statusCode,
    ).toBe(200);

    const lock = `/api/comment/lock/${article.id}`;
    expect((await call(reader, 'PUT', lock, { locked: true })).statusCode).toBe(403);
    expect((await call(member, 'PUT', lock, { locked: true })).statusCode).toBe(200);
    const closed = await call(reader, 'POST', '/api/comment', {
      articleId: article.id,
      content: 'x',
    });
    expect([closed.statusCode, closed.json<{ key: string }>().key]).toEqual([
      403,
      'comments.locked',
    ]);
    await call(member, 'PUT', lock, { locked: false });
  });
});

describe('blocks', () => {
  it('stops comments on the blocker’s breakthroughs and every notice, folds their comments', async () => {
    const pest = await signIn(t, await createUser(t));
    const other = await createArticle(t, { blog, author: await createUser(t) });
    const earlier = await postComment(t, pest, other.id, 'Hello there');
    expect(
      (await call(author, 'PUT', `/api/blocks/${pest.userName.toUpperCase()}`)).statusCode,
    ).toBe(200);
    expect(
      (await call(author, 'PUT', `/api/blocks/${author.userName}`)).json<{ key: string }>().key,
    ).toBe('blocks.self');
    const blocks = (await call(author, 'GET', '/api/blocks')).json<BlockedUser[]>();
    expect(blocks.map((b) => b.login)).toEqual([pest.userName]);

    const refused = await call(pest, 'POST', '/api/comment', {
      articleId: article.id,
      content: 'hi',
    });
    expect([refused.statusCode, refused.json<{ key: string }>().key]).toEqual([
      403,
      'comments.blocked',
    ]);
    const noticesBefore = (await noticesOf(t, author)).length;
    expect(
      (await call(pest, 'PUT', `/api/article/${article.id}/like`, { articleId: article.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(member, 'PUT', `/api/article/${article.id}/like`, { articleId: article.id }))
        .statusCode,
    ).toBe(200);
    // The member's like tells the author; the blocked person's, delivered before it, does not.
    await vi.waitFor(async () =>
      expect((await noticesOf(t, author)).length).toBe(noticesBefore + 1),
    );

    const seen = (await call(author, 'GET', `/api/comment/comments/${other.id}`)).json<Comment[]>();
    expect(seen.find((c) => c.commentId === earlier.commentId)?.folded).toBe(true);
    const byOthers = (await call(reader, 'GET', `/api/comment/comments/${other.id}`)).json<
      Comment[]
    >();
    expect(byOthers.find((c) => c.commentId === earlier.commentId)?.folded).toBeUndefined();

    await call(author, 'DELETE', `/api/blocks/${pest.userName}`);
    expect((await call(author, 'GET', '/api/blocks')).json<BlockedUser[]>()).toEqual([]);
    expect(
      (await call(pest, 'POST', '/api/comment', { articleId: article.id, content: 'sorry' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('a block by a co-author', () => {
  it('stops the blocked person’s comments on every breakthrough the blocker co-wrote', async () => {
    const writer = await createUser(t);
    const cowriter = await createUser(t);
    const team = await createBlog(t, { owner: writer, members: [cowriter] });
    const cowritten = await createArticle(t, { blog: team, author: writer, coauthors: [cowriter] });
    const pest = await signIn(t, await createUser(t));
    expect(
      (await call(await signIn(t, cowriter), 'PUT', `/api/blocks/${pest.userName}`)).statusCode,
    ).toBe(200);

    const refused = await call(pest, 'POST', '/api/comment', {
      articleId: cowritten.id,
      content: 'Still here',
    });
    expect([refused.statusCode, refused.json<{ key: string }>().key]).toEqual([
      403,
      'comments.blocked',
    ]);
    const seen = await call(reader, 'GET', `/api/comment/comments/${cowritten.id}`);
    expect(seen.json<Comment[]>()).toEqual([]);
    // Others still comment there, and the blocked person still comments elsewhere.
    await postComment(t, reader, cowritten.id, 'Well written');
    await postComment(t, pest, article.id, 'On another breakthrough');
  });
});

describe('new accounts', () => {
  it('post 2 breakthroughs and 10 comments a day; links and repeated texts are held', async () => {
    const fresh = await createUser(t);
    await t.database.db
      .update(users)
      .set({ githubCreatedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, fresh.id));
    const newcomer = await signIn(t, fresh);
    const own = await createBlog(t, { owner: fresh });
    const post = (n: number) =>
      call(newcomer, 'POST', '/api/article', {
        blogId: own.id,
        title: `Post ${n}`,
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

    const linked = await postComment(t, newcomer, article.id, 'See https://spam.example');
    expect(linked.held).toBe('links');
    expect((await thread()).some((c) => c.commentId === linked.commentId)).toBe(false);
    expect((await thread(member)).find((c) => c.commentId === linked.commentId)?.held).toBe(
      'links',
    );
    await call(member, 'POST', `/api/comment/${linked.commentId}/restore`);
    expect((await thread()).some((c) => c.commentId === linked.commentId)).toBe(true);

    for (let i = 2; i <= 10; i += 1) await postComment(t, newcomer, article.id, `Comment ${i}`);
    const eleventh = await call(newcomer, 'POST', '/api/comment', {
      articleId: article.id,
      content: 'one more',
    });
    expect([eleventh.statusCode, eleventh.json<{ key: string }>().key]).toEqual([
      429,
      'limits.commentsPerDay',
    ]);
  });

  it('holds the same text on a third breakthrough within the hour, whatever the account age', async () => {
    const spammer = await signIn(t, await createUser(t));
    const texts: (string | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const target = await createArticle(t, { blog, author: await createUser(t) });
      texts.push((await postComment(t, spammer, target.id, 'Great post, visit my profile')).held);
    }
    expect(texts).toEqual([undefined, undefined, 'repeated']);
  });
});
