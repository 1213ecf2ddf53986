import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { emailSettingsOf, giveAddress } from '../test/email-factories.js';
import { createUser, signIn, type Session } from '../test/factories.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { emailTokens } from './email-tokens.js';

/** How long an email may take to arrive (the first render compiles the templates). */
const ARRIVAL = { timeout: 15_000, interval: 50 };

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function person(): Promise<Session> {
  const user = await createUser(t);
  await giveAddress(t, user.id, `${user.userName}@example.com`);
  return signIn(t, user);
}

const askFor = (session: Session, address: string) =>
  t.request({
    method: 'POST',
    url: '/api/settings/email/address',
    headers: { cookie: session.cookie },
    payload: { address },
  });

/** The confirmation link in the email sent to `address`. */
async function linkSentTo(address: string): Promise<URL> {
  const mail = await vi.waitFor(() => {
    const found = smtp.mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === address);
    if (!found) throw new Error(`nothing sent to ${address} yet`);
    return found;
  }, ARRIVAL);
  const match = /http:\/\/localhost:3000\/api\/email\/verify\?token=[\w.-]+/.exec(mail.text ?? '');
  if (!match) throw new Error('no confirmation link');
  expect(mail.html).toContain(match[0]);
  return new URL(match[0]);
}

const follow = (url: URL, session?: Session) =>
  t.request({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    ...(session ? { headers: { cookie: session.cookie } } : {}),
  });

describe('another address', () => {
  it('is used only after its link is followed', async () => {
    const me = await person();
    const before = await emailSettingsOf(t, me);
    const res = await askFor(me, 'me-at-work@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      address: before.address,
      pendingAddress: 'me-at-work@example.org',
    });
    const link = await linkSentTo('me-at-work@example.org');
    const back = await follow(link);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/settings?email=verified#email');
    expect(await emailSettingsOf(t, me)).toMatchObject({
      address: 'me-at-work@example.org',
      githubAddress: before.githubAddress,
      pendingAddress: null,
    });
  });

  it("refuses another account's link, an altered one and an expired one, changing nothing", async () => {
    const me = await person();
    const other = await person();
    await askFor(me, 'second@example.org');
    const link = await linkSentTo('second@example.org');
    const asOther = await follow(link, other);
    expect(asOther.headers.location).toBe('/settings?emailError=mail.tokenOtherUser#email');
    const altered = new URL(link);
    altered.searchParams.set('token', `${link.searchParams.get('token') ?? ''}x`);
    expect((await follow(altered, me)).headers.location).toBe(
      '/settings?emailError=mail.tokenInvalid#email',
    );
    const long = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const stale = emailTokens(t.config.secret, () => long).sign(
      { purpose: 'verify', userId: me.userId, address: 'second@example.org' },
      24 * 60 * 60 * 1000,
    );
    const expired = new URL(`http://localhost:3000/api/email/verify?token=${stale}`);
    expect((await follow(expired, me)).headers.location).toBe(
      '/settings?emailError=mail.tokenExpired#email',
    );
    expect((await emailSettingsOf(t, me)).address).toBe(`${me.userName}@example.com`);
  });

  it('may be asked for 5 times a day', async () => {
    const me = await person();
    for (let n = 1; n <= 5; n += 1) {
      expect((await askFor(me, `try-${n}@example.org`)).statusCode).toBe(200);
    }
    const sixth = await askFor(me, 'try-6@example.org');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ key: 'mail.addressLimit', params: { count: 5 } });
  });

  it('refuses what is not one plain address (no header can be smuggled in)', async () => {
    const me = await person();
    for (const address of [
      'a@example.org\r\nBcc: victim@example.net',
      'a@example.org\nBcc: victim@example.net',
      'Name <a@example.org>',
      'a@example.org, b@example.org',
      'not-an-address',
    ]) {
      const res = await askFor(me, address);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'mail.badAddress' });
    }
    expect((await emailSettingsOf(t, me)).pendingAddress).toBeNull();
  });
});
