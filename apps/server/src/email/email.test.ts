import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailItems, outbox as outboxTable, users } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import {
  emailSettingsOf,
  giveAddress,
  setPreferences,
  storedSettings,
} from '../test/email-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
} from '../test/factories.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';

/** How long an email may take to arrive (the first render compiles the templates). */
const ARRIVAL = { timeout: 15_000, interval: 50 };

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Repolog <mail@repolog.test>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** An author with an address, a breakthrough of theirs, and a signed-in reader. */
async function cast(language: 'en' | 'ko' = 'en', title = 'Faster builds') {
  const author = await createUser(t);
  const address = `${author.userName}@example.com`;
  await giveAddress(t, author.id, address, language);
  const blog = await createBlog(t, { owner: author });
  const article = await createArticle(t, { blog, author, title });
  const reader = await signIn(t, await createUser(t));
  return { author, address, blog, article, reader, authorSession: await signIn(t, author) };
}

/** A header as sent (unfolded), by its lower-case name. */
const headerOf = (mail: ParsedMail | undefined, name: string): string | undefined =>
  mail?.headerLines
    .find((line) => line.key === name)
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim();

const mailsTo = (address: string) =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

/** Waits until the outbox has nothing left to deliver now (so an absent email stays absent). */
async function settled(): Promise<void> {
  await t.app.outbox.drain();
  await vi.waitFor(async () => {
    const pending = await t.database.db
      .select({ id: outboxTable.id, at: outboxTable.availableAt, done: outboxTable.deliveredAt })
      .from(outboxTable);
    expect(pending.filter((row) => !row.done && row.at <= new Date())).toEqual([]);
  }, ARRIVAL);
}

describe('signing in', () => {
  it("keeps GitHub's primary verified address, shown only in the owner's settings", async () => {
    const session = await loginWithGitHub(t, 'sora-lee');
    const settings = await emailSettingsOf(t, session);
    expect(settings).toMatchObject({
      delivery: 'smtp',
      address: 'sora-lee@example.com',
      githubAddress: 'sora-lee@example.com',
      pendingAddress: null,
      preferences: {
        invitation: 'immediately',
        comment: 'immediately',
        like: 'daily',
        favorite: 'daily',
      },
      weeklyDigest: true,
    });
    const profile = await t.request({ method: 'GET', url: '/api/user/sora-lee' });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('@example.com');
    const me = await t.request({
      method: 'GET',
      url: '/api/auth/info',
      headers: { cookie: session.cookie },
    });
    expect(me.body).not.toContain('@example.com');
  });

  it('answers a visitor 401 for the settings', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings/email' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a comment', () => {
  it('sends one email to the author, with both parts and the unsubscribe headers', async () => {
    const { address, article, reader } = await cast('en', 'Faster builds');
    await postComment(t, reader, article.id, 'This saved me an hour.');
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), ARRIVAL);
    await settled();
    expect(mailsTo(address)).toHaveLength(1);
    const [mail] = mailsTo(address);
    expect(mail?.from?.value).toEqual([{ name: 'Repolog', address: 'mail@repolog.test' }]);
    expect(mail?.subject).toBe(`${reader.userName} commented on your breakthrough 'Faster builds'`);
    expect(mail?.text).toContain('This saved me an hour.');
    expect(mail?.text).toContain(`http://localhost:3000/breakthrough/${article.id}#comments`);
    expect(mail?.html).toContain(
      `href="http://localhost:3000/breakthrough/${article.id}#comments"`,
    );
    expect(mail?.html).toContain('Repolog');
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail, 'list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail?.messageId).toMatch(/@localhost>$/);
  });

  it('is written in Korean for a Korean reader', async () => {
    const { address, article, reader } = await cast('ko', '빌드 가속');
    await postComment(t, reader, article.id);
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), ARRIVAL);
    expect(mailsTo(address)[0]?.subject).toBe(
      `${reader.userName}님이 내 브레이크스루 ‘빌드 가속’에 댓글을 남겼습니다`,
    );
    expect(mailsTo(address)[0]?.text).toContain('수신 거부');
  });
});

describe('one-click unsubscribe', () => {
  const unsubscribeUrl = (address: string): string => {
    const match = /^<([^>]+)>$/.exec(headerOf(mailsTo(address)[0], 'list-unsubscribe') ?? '');
    if (!match?.[1]) throw new Error('no List-Unsubscribe header');
    return match[1];
  };

  it('turns the kind off with a POST from the mail client, and no more emails come', async () => {
    const { address, article, reader, authorSession } = await cast();
    await postComment(t, reader, article.id);
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), ARRIVAL);
    const url = new URL(unsubscribeUrl(address));
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'mail.unsubscribed' });
    expect((await emailSettingsOf(t, authorSession)).preferences.comment).toBe('never');
    await postComment(t, reader, article.id, 'Another one');
    await settled();
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('refuses an altered token with a message and changes nothing', async () => {
    const { address, article, reader, authorSession } = await cast();
    await postComment(t, reader, article.id);
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), ARRIVAL);
    const url = new URL(unsubscribeUrl(address));
    const token = url.searchParams.get('token') ?? '';
    const [body = '', mac = ''] = token.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(
      JSON.stringify({ ...claim, userId: Number(claim.userId) + 1 }),
    ).toString('base64url');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    for (const bad of [
      `${forged}.${mac}`,
      `${body}.${flip(mac, 5)}`,
      `${body}.${flip(mac, mac.length - 1)}`,
      `${flip(body, 3)}.${mac}`,
      'garbage',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'mail.tokenInvalid' });
    }
    expect((await emailSettingsOf(t, authorSession)).preferences.comment).toBe('immediately');
  });
});

describe('preferences', () => {
  it('are honoured per kind: never, daily (in the digest), immediately', async () => {
    const { address, article, reader, authorSession, author } = await cast();
    const saved = await setPreferences(t, authorSession, {
      preferences: { comment: 'never', like: 'immediately', favorite: 'daily' },
    });
    expect(saved.preferences).toEqual({
      invitation: 'immediately',
      comment: 'never',
      like: 'immediately',
      favorite: 'daily',
    });
    await postComment(t, reader, article.id);
    const like = await t.request({
      method: 'PUT',
      url: `/api/article/${article.id}/like`,
      headers: { cookie: reader.cookie },
      payload: { articleId: article.id },
    });
    expect(like.statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), ARRIVAL);
    expect(mailsTo(address)[0]?.subject).toBe(
      `${reader.userName} liked your breakthrough 'Faster builds'`,
    );
    await settled();
    expect(mailsTo(address)).toHaveLength(1);
    const items = await t.database.db
      .select()
      .from(emailItems)
      .where(eq(emailItems.userId, author.id));
    expect(items.filter((item) => item.kind === 'comment')).toEqual([]);
  });

  it('refuses a choice that is not one of the three', async () => {
    const { authorSession } = await cast();
    const res = await t.request({
      method: 'PUT',
      url: '/api/settings/email',
      headers: { cookie: authorSession.cookie },
      payload: { preferences: { comment: 'sometimes' } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a suspended account', () => {
  it('gets no email', async () => {
    const { address, article, reader, author } = await cast();
    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, author.id));
    await postComment(t, reader, article.id);
    await settled();
    expect(mailsTo(address)).toHaveLength(0);
  });
});

describe('a deleted account', () => {
  it('loses its addresses with it', async () => {
    const { author, authorSession } = await cast();
    expect(await storedSettings(t, author.id)).toBeDefined();
    const res = await t.request({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { cookie: authorSession.cookie },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await storedSettings(t, author.id)).toBeUndefined();
  });
});
