import type { Article, ArticleListItem, HomeArticle } from '@repolog/contract/articles';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import type { UserProfile } from '@repolog/contract/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { noticesOf, postComment, unreadCountOf } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type Session,
} from '../test/factories.js';

// Held and hidden content is absent from every read path at once: list counts, notifications,
// the home top 10, share cards and profile counts (the lists, feeds and sitemap:
// article-hiding.test.ts).

let t: TestApp;
let author: Session;
let member: Session;
let reader: Session;
let moderator: Session;
let article: ArticleRow;
const title = 'Read paths of a moderated thread';

/** A signed-in account GitHub reported without any public repository or gist. */
async function quietAccount(): Promise<Session> {
  const user = await createUser(t);
  await t.database.db
    .update(users)
    .set({ githubCreatedAt: new Date('2015-01-01T00:00:00Z'), githubPublicActivity: false })
    .where(eq(users.id, user.id));
  return signIn(t, user);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_LOGINS: 'read-paths-mod' } });
  const authorUser = await createUser(t);
  const memberUser = await createUser(t);
  author = await signIn(t, authorUser);
  member = await signIn(t, memberUser);
  reader = await signIn(t, await createUser(t));
  moderator = await signIn(t, await createUser(t, { userName: 'read-paths-mod' }));
  const blog = await createBlog(t, { owner: authorUser, members: [memberUser] });
  article = await createArticle(t, { blog, author: authorUser, title });
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
const act = (payload: Record<string, unknown>) =>
  call(moderator, 'POST', '/api/admin/actions', { reason: 'Checked', ...payload });
const listedCount = async (query: string) =>
  (await call(undefined, 'GET', `/api/article/breakthrough?q=${encodeURIComponent(query)}`))
    .json<ArticleListItem[]>()
    .map((item) => item.commentCount);
/** List pages are reused for LIST_CACHE_MS (2 s): their counts follow within that. */
const countSoon = (expected: number[]) =>
  vi.waitFor(async () => expect(await listedCount(title)).toEqual(expected), { timeout: 5000 });
const commentNotices = async (session: Session) =>
  (await noticesOf(t, session)).filter((notice) => notice.type === NOTICE_TYPES.comment);

describe('held and hidden comments', () => {
  it('are not counted; approval counts them and tells the breakthrough’s author once', async () => {
    const quiet = await quietAccount();
    const linked = await postComment(t, quiet, article.id, 'Look: https://spam.example');
    expect(linked.held).toBe('links');
    await postComment(t, reader, article.id, 'A plain comment');
    await countSoon([1]);
    await vi.waitFor(async () => expect(await commentNotices(author)).toHaveLength(1));

    // A member of the blog approves it: counted, and its notice reaches the author.
    expect(
      (await call(member, 'POST', `/api/comment/${linked.commentId}/restore`)).statusCode,
    ).toBe(200);
    await countSoon([2]);
    await vi.waitFor(async () => expect(await commentNotices(author)).toHaveLength(2));

    // Hidden by a moderator: not counted, and its notice is gone (unread count too).
    const unread = await unreadCountOf(t, author);
    await act({ action: 'hide', targetType: 'comment', targetId: linked.commentId });
    await countSoon([1]);
    expect(await commentNotices(author)).toHaveLength(1);
    expect(await unreadCountOf(t, author)).toBe(unread - 1);

    // Restored exactly as it was: counted again, its notice back, no second notice.
    await act({ action: 'restore', targetType: 'comment', targetId: linked.commentId });
    await countSoon([2]);
    expect(await commentNotices(author)).toHaveLength(2);

    // A moderator's approval from the queue tells the author too.
    const again = await postComment(t, quiet, article.id, 'Again: https://spam.example/2');
    expect(again.held).toBe('links');
    await act({ action: 'restore', targetType: 'comment', targetId: again.commentId });
    await vi.waitFor(async () => expect(await commentNotices(author)).toHaveLength(3));
    await countSoon([3]);
    // Counts are awaited through the lists' 2-second reuse five times.
  }, 60_000);
});

describe('a hidden breakthrough', () => {
  it('leaves the home top 10, its share card, notices and profile counts; restore brings them back', async () => {
    const own = await createUser(t);
    const writer = await signIn(t, own);
    const blog = await createBlog(t, { owner: own });
    const liked = await createArticle(t, { blog, author: own, title: 'Most liked today' });
    expect((await call(reader, 'PUT', `/api/article/${liked.id}/like`, {})).statusCode).toBe(200);
    const home = async () =>
      (await call(undefined, 'GET', '/api/home/article'))
        .json<HomeArticle[]>()
        .map((item) => item.articleId);
    const card = () => call(undefined, 'GET', `/og/breakthrough/${liked.id}/0000000000000000.png`);
    const profile = async () =>
      (await call(undefined, 'GET', `/api/user/${writer.userName}`)).json<UserProfile>().counts;
    const likeNotices = async () =>
      (await noticesOf(t, writer)).filter((notice) => notice.type === NOTICE_TYPES.liked);
    await vi.waitFor(async () => expect(await home()).toContain(liked.id));
    await vi.waitFor(async () => expect(await likeNotices()).toHaveLength(1));
    expect((await card()).statusCode).toBe(301);
    expect((await profile()).breakthroughs).toBe(1);

    await act({ action: 'hide', targetType: 'article', targetId: liked.id });
    expect(await home()).not.toContain(liked.id);
    expect((await card()).statusCode).toBe(404);
    expect(await likeNotices()).toEqual([]);
    expect((await profile()).breakthroughs).toBe(0);
    // Its author still reads it, and why.
    const mine = await call(writer, 'GET', `/api/article/breakthrough/${liked.id}`);
    expect(mine.json<Article>().hidden).toEqual({ reason: 'Checked' });

    await act({ action: 'restore', targetType: 'article', targetId: liked.id });
    expect(await home()).toContain(liked.id);
    expect((await card()).statusCode).toBe(301);
    expect(await likeNotices()).toHaveLength(1);
    expect((await profile()).breakthroughs).toBe(1);
  });
});

describe('blocks', () => {
  it('hide the notices the blocked person caused before the block', async () => {
    const pest = await signIn(t, await createUser(t));
    const before = (await noticesOf(t, author)).length;
    await call(pest, 'PUT', `/api/article/${article.id}/like`, {});
    await vi.waitFor(async () => expect((await noticesOf(t, author)).length).toBe(before + 1));
    await call(author, 'PUT', `/api/blocks/${pest.userName}`);
    expect((await noticesOf(t, author)).length).toBe(before);
    await call(author, 'DELETE', `/api/blocks/${pest.userName}`);
    expect((await noticesOf(t, author)).length).toBe(before + 1);
  });
});

describe('closed comments', () => {
  it('show on the breakthrough at once, refuse new comments, and open again', async () => {
    const page = () => call(reader, 'GET', `/api/article/breakthrough/${article.id}`);
    // Belonging to some other blog gives no keys to this one.
    await createBlog(t, { owner: { id: reader.userId } });
    expect((await page()).json<Article>()).toMatchObject({
      commentsLocked: false,
      commentsLockButton: false,
    });
    const asMember = await call(member, 'GET', `/api/article/breakthrough/${article.id}`);
    expect(asMember.json<Article>().commentsLockButton).toBe(true);
    const asModerator = await call(moderator, 'GET', `/api/article/breakthrough/${article.id}`);
    expect(asModerator.json<Article>().commentsLockButton).toBe(true);
    const refusedToReader = await call(reader, 'PUT', `/api/comment/lock/${article.id}`, {
      locked: true,
    });
    expect([refusedToReader.statusCode, refusedToReader.json<{ key: string }>().key]).toEqual([
      403,
      'comments.membersOnlyModerate',
    ]);
    const lock = await call(member, 'PUT', `/api/comment/lock/${article.id}`, { locked: true });
    expect(lock.json()).toEqual({ locked: true });
    expect((await page()).json<Article>().commentsLocked).toBe(true);
    const visitorView = await call(undefined, 'GET', `/api/article/breakthrough/${article.id}`);
    expect(visitorView.json<Article>().commentsLocked).toBe(true);
    const refused = await call(reader, 'POST', '/api/comment', {
      articleId: article.id,
      content: 'Too late',
    });
    expect([refused.statusCode, refused.json<{ key: string }>().key]).toEqual([
      403,
      'comments.locked',
    ]);
    await call(moderator, 'PUT', `/api/comment/lock/${article.id}`, { locked: false });
    expect((await page()).json<Article>().commentsLocked).toBe(false);
    expect((await postComment(t, reader, article.id, 'Open again')).content).toBe('Open again');
  });
});
