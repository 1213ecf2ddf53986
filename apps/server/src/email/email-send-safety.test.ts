import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox as outboxTable } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import { giveAddress } from '../test/email-factories.js';
import { createArticle, createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';

// Issue 22: what changed between queueing an immediate email and sending it counts: a person
// the recipient blocked meanwhile, or a comment hidden meanwhile, is in no email
// (email-digest-safety.test.ts: the same for the digests).

/** How long an email may take to arrive (the first render compiles the templates). */
const ARRIVAL = { timeout: 15_000, interval: 50 };

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, ADMIN_LOGINS: 'send-moderator' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
// A test that failed halfway leaves the mail server working for the next.
afterEach(() => {
  smtp.refusing = false;
});

const mailsTo = (address: string) =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

/** The `email.send` events not delivered yet. */
const waitingEmails = () =>
  t.database.db
    .select({ attempts: outboxTable.attempts, at: outboxTable.availableAt })
    .from(outboxTable)
    .where(and(eq(outboxTable.type, 'email.send'), isNull(outboxTable.deliveredAt)));

/** Waits until the outbox has nothing left to deliver now (so an absent email stays absent). */
async function settled(): Promise<void> {
  await t.app.outbox.drain();
  await vi.waitFor(async () => {
    const rows = await t.database.db
      .select({ at: outboxTable.availableAt })
      .from(outboxTable)
      .where(isNull(outboxTable.deliveredAt));
    expect(rows.filter((row) => row.at <= new Date())).toEqual([]);
  }, ARRIVAL);
}

/**
 * A comment whose email is queued but not sent: the mail server refuses it, so the email
 * waits for its next attempt (with back-off). The server stays down until `mailServerBack`.
 */
async function commentWhileMailIsDown(session: Session, articleId: number, content: string) {
  smtp.refusing = true;
  const comment = await postComment(t, session, articleId, content);
  await vi.waitFor(async () => {
    const waiting = await waitingEmails();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.attempts).toBeGreaterThan(0);
  }, ARRIVAL);
  return comment;
}

/** The mail server is back: the waiting emails are tried again now. */
async function mailServerBack(): Promise<void> {
  smtp.refusing = false;
  await t.database.db
    .update(outboxTable)
    .set({ availableAt: new Date() })
    .where(and(eq(outboxTable.type, 'email.send'), isNull(outboxTable.deliveredAt)));
  await settled();
  expect(await waitingEmails()).toEqual([]);
}

/** An author with an address, whose new-comment emails come at once (the default). */
async function author() {
  const user = await createUser(t);
  const address = `${user.userName}@example.com`;
  await giveAddress(t, user.id, address);
  const session = await signIn(t, user);
  const blog = await createBlog(t, { owner: user });
  const article = await createArticle(t, { blog, author: user, title: 'Cache warmed' });
  return { user, address, session, article };
}

/**
 * The mail server comes back and a friend comments: once the friend's email has arrived and
 * the outbox has settled, the writer's mails are that one email alone (returned).
 */
async function onlyTheFriendsMail(
  writer: { address: string; article: { id: number } },
  friend: Session,
) {
  await mailServerBack();
  // Someone else's comment is emailed as usual.
  const fromFriend = `${friend.userName} commented on your breakthrough 'Cache warmed'`;
  await postComment(t, friend, writer.article.id, 'Thanks, this helped.');
  await vi.waitFor(
    () => expect(mailsTo(writer.address).map((mail) => mail.subject)).toContain(fromFriend),
    ARRIVAL,
  );
  await settled();
  const mails = mailsTo(writer.address);
  expect(mails.map((mail) => mail.subject)).toEqual([fromFriend]);
  return mails;
}

describe('an immediate new-comment email', () => {
  it('is not sent when the recipient blocks the commenter between queueing and sending', async () => {
    const writer = await author();
    const [pest, friend] = await Promise.all(
      [1, 2].map(async () => signIn(t, await createUser(t))),
    );
    if (!pest || !friend) throw new Error('two readers');
    await commentWhileMailIsDown(pest, writer.article.id, 'Hello again');
    expect(mailsTo(writer.address)).toEqual([]);

    const block = await t.request({
      method: 'PUT',
      url: `/api/blocks/${pest.userName}`,
      headers: { cookie: writer.session.cookie },
    });
    expect(block.statusCode, block.body).toBe(200);
    const mails = await onlyTheFriendsMail(writer, friend);
    expect(mails[0]?.text).not.toContain(pest.userName);
  });

  it('leaves out a comment a moderator hid between queueing and sending', async () => {
    const writer = await author();
    const [rude, friend] = await Promise.all(
      [1, 2].map(async () => signIn(t, await createUser(t))),
    );
    if (!rude || !friend) throw new Error('two readers');
    const rant = await commentWhileMailIsDown(rude, writer.article.id, 'A rude rant');

    const moderator = await signIn(t, await createUser(t, { userName: 'send-moderator' }));
    const hide = await t.request({
      method: 'POST',
      url: '/api/admin/actions',
      headers: { cookie: moderator.cookie },
      payload: {
        action: 'hide',
        targetType: 'comment',
        targetId: rant.commentId,
        reason: 'Harassment',
      },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const mails = await onlyTheFriendsMail(writer, friend);
    expect(mails[0]?.text).toContain('Thanks, this helped.');
    for (const mail of mails) {
      expect(mail.text).not.toContain('A rude rant');
      expect(mail.text).not.toContain(rude.userName);
    }
  });
});
