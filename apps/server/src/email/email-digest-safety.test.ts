import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox as outboxTable } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import { giveAddress, setPreferences } from '../test/email-factories.js';
import { createArticle, createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';

/** How long an email may take to arrive (the first render compiles the templates). */
const ARRIVAL = { timeout: 15_000, interval: 50 };
const DAY_MS = 24 * 60 * 60 * 1000;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const mailsTo = (address: string) =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

/** Waits until the outbox has nothing left to deliver now (so an absent email stays absent). */
async function settled(t: TestApp): Promise<void> {
  await t.app.outbox.drain();
  await vi.waitFor(async () => {
    const rows = await t.database.db
      .select({ at: outboxTable.availableAt })
      .from(outboxTable)
      .where(isNull(outboxTable.deliveredAt));
    expect(rows.filter((row) => row.at <= new Date())).toEqual([]);
  }, ARRIVAL);
}

const call = (
  t: TestApp,
  session: Session,
  method: 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.request({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });

/** Expects a call to succeed (its answer's body says why when it does not). */
async function ok(answer: Promise<{ statusCode: number; body: string }>): Promise<void> {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(200);
}

/** A writer whose comments, likes and favorites wait for the daily digest. */
async function dailyWriter(t: TestApp) {
  const user = await createUser(t);
  const address = `${user.userName}@example.com`;
  await giveAddress(t, user.id, address);
  const session = await signIn(t, user);
  await setPreferences(t, session, {
    preferences: { comment: 'daily', like: 'daily', favorite: 'daily' },
  });
  const blog = await createBlog(t, { owner: user, name: `${user.userName}'s notes` });
  return { user, address, session, blog };
}

describe('the daily digest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, ADMIN_LOGINS: 'digest-moderator' } });
  });
  afterAll(() => t.close());

  it('leaves out what was hidden or blocked after it was queued; an empty one is not sent', async () => {
    const writer = await dailyWriter(t);
    const kept = await createArticle(t, { blog: writer.blog, author: writer.user, title: 'Kept' });
    const later = await createArticle(t, {
      blog: writer.blog,
      author: writer.user,
      title: 'Taken down later',
    });
    const [friend, rude, pest, passer] = await Promise.all(
      [1, 2, 3, 4].map(async () => signIn(t, await createUser(t))),
    );
    if (!friend || !rude || !pest || !passer) throw new Error('four readers');
    await postComment(t, friend, kept.id, 'Thanks, this helped.');
    const rant = await postComment(t, rude, kept.id, 'Rude rant');
    await postComment(t, pest, kept.id, 'Hello again');
    await ok(call(t, pest, 'PUT', `/api/article/${kept.id}/like`, { articleId: kept.id }));
    await ok(
      call(t, pest, 'PUT', `/api/blog/${writer.blog.id}/favorites`, { blogId: writer.blog.id }),
    );
    await postComment(t, passer, later.id, 'Nice one');

    // A second writer's only waiting comment is hidden: their digest has nothing left.
    const quiet = await dailyWriter(t);
    const quietArticle = await createArticle(t, { blog: quiet.blog, author: quiet.user });
    const spam = await postComment(t, rude, quietArticle.id, 'Buy now');
    await settled(t);

    // After the items were queued: a comment hidden by the blog, a person blocked, a
    // breakthrough hidden by a moderator.
    await ok(call(t, writer.session, 'POST', `/api/comment/${rant.commentId}/hide`, {}));
    await ok(call(t, quiet.session, 'POST', `/api/comment/${spam.commentId}/hide`, {}));
    await ok(call(t, writer.session, 'PUT', `/api/blocks/${pest.userName}`));
    const moderator = await signIn(t, await createUser(t, { userName: 'digest-moderator' }));
    await ok(
      call(t, moderator, 'POST', '/api/admin/actions', {
        action: 'hide',
        targetType: 'article',
        targetId: later.id,
        reason: 'Copied from elsewhere',
      }),
    );

    await t.app.emailDigests.tick(new Date(Date.now() + DAY_MS));
    await vi.waitFor(() => expect(mailsTo(writer.address)).toHaveLength(1), ARRIVAL);
    await settled(t);
    const digest = mailsTo(writer.address)[0];
    expect(digest?.subject).toBe('Your daily Repolog digest');
    expect(digest?.text).toContain(`${friend.userName} commented on 'Kept'`);
    expect(digest?.text).not.toContain(rude.userName);
    expect(digest?.text).not.toContain(pest.userName);
    expect(digest?.text).not.toContain(passer.userName);
    expect(digest?.text).not.toContain('Taken down later');
    expect(mailsTo(quiet.address)).toEqual([]);
  });
});

describe('the weekly digest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(() => t.close());

  it('leaves out the breakthroughs of people the reader blocked; an empty one is not sent', async () => {
    const [owner, pest, helper] = await Promise.all([1, 2, 3].map(() => createUser(t)));
    if (!owner || !pest || !helper) throw new Error('three writers');
    const blog = await createBlog(t, { owner, members: [pest, helper], name: 'Team log' });
    await createArticle(t, { blog, author: owner, title: 'Cache warmed' });
    await createArticle(t, { blog, author: pest, title: 'Written by the pest' });
    await createArticle(t, {
      blog,
      author: helper,
      coauthors: [pest],
      title: 'Co-written with the pest',
    });
    const pestBlog = await createBlog(t, { owner: pest, name: 'Pest corner' });
    await createArticle(t, { blog: pestBlog, author: pest, title: 'Only the pest here' });

    const reader = await createUser(t);
    const readerAddress = `${reader.userName}@example.com`;
    await giveAddress(t, reader.id, readerAddress);
    const readerSession = await signIn(t, reader);
    const fan = await createUser(t);
    const fanAddress = `${fan.userName}@example.com`;
    await giveAddress(t, fan.id, fanAddress);
    const fanSession = await signIn(t, fan);
    await ok(call(t, readerSession, 'PUT', `/api/blog/${blog.id}/favorites`, { blogId: blog.id }));
    await ok(
      call(t, fanSession, 'PUT', `/api/blog/${pestBlog.id}/favorites`, { blogId: pestBlog.id }),
    );
    const pestLogin = pest.userName;
    await ok(call(t, readerSession, 'PUT', `/api/blocks/${pestLogin}`));
    await ok(call(t, fanSession, 'PUT', `/api/blocks/${pestLogin}`));
    await settled(t);

    await t.app.emailDigests.tick(new Date(Date.now() + DAY_MS));
    await vi.waitFor(() => expect(mailsTo(readerAddress)).toHaveLength(1), ARRIVAL);
    await settled(t);
    const weekly = mailsTo(readerAddress)[0];
    expect(weekly?.text).toContain('Cache warmed');
    expect(weekly?.text).not.toContain('Written by the pest');
    expect(weekly?.text).not.toContain('Co-written with the pest');
    expect(mailsTo(fanAddress)).toEqual([]);
  });
});
