import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { outbox as outboxTable } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import { committedThenHung, crashDatabase, killNow } from '../test/children.js';
import { openSharedTestDatabases } from '../test/database.js';
import { giveAddress, setPreferences } from '../test/email-factories.js';
import { createArticle, createBlog, createUser, signIn } from '../test/factories.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { smtpSender } from './email-transport.js';

/** How long an email may take to arrive (the first render compiles the templates). */
const ARRIVAL = { timeout: 15_000, interval: 50 };

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const mailsTo = (address: string) =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

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

const like = (t: TestApp, cookie: string, articleId: number) =>
  t.request({
    method: 'PUT',
    url: `/api/article/${articleId}/like`,
    headers: { cookie },
    payload: { articleId },
  });

describe('likes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(() => t.close());

  it('come in batches: the first at once, then at most one email per breakthrough an hour', async () => {
    const author = await createUser(t);
    const address = `${author.userName}@example.com`;
    await giveAddress(t, author.id, address);
    await setPreferences(t, await signIn(t, author), { preferences: { like: 'immediately' } });
    const blog = await createBlog(t, { owner: author });
    const article = await createArticle(t, { blog, author, title: 'Cache warmed' });
    const readers = await Promise.all([1, 2, 3].map(async () => signIn(t, await createUser(t))));
    const [first, second, third] = readers;
    if (!first || !second || !third) throw new Error('three readers');
    await like(t, first.cookie, article.id);
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), ARRIVAL);
    expect(mailsTo(address)[0]?.subject).toBe(
      `${first.userName} liked your breakthrough 'Cache warmed'`,
    );
    await like(t, second.cookie, article.id);
    await like(t, third.cookie, article.id);
    await settled(t);
    expect(mailsTo(address)).toHaveLength(1);
    // An hour later the waiting batch goes out, naming both.
    await t.database.db
      .update(outboxTable)
      .set({ availableAt: new Date() })
      .where(and(eq(outboxTable.type, 'email.send'), isNull(outboxTable.deliveredAt)));
    await t.app.outbox.drain();
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(2), ARRIVAL);
    expect(mailsTo(address)[1]?.subject).toBe("2 people liked your breakthrough 'Cache warmed'");
    expect(mailsTo(address)[1]?.text).toContain(`${second.userName}, ${third.userName}`);
  });
});

describe('digests with two instances running', () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    shared = await openSharedTestDatabases();
    a = await buildTestApp({ database: shared.first, env: { SMTP_URL: smtp.url } });
    b = await buildTestApp({ database: shared.second, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });

  it('are sent once: the daily one of favorites, the weekly one of followed blogs', async () => {
    const owner = await createUser(a);
    const ownerAddress = `${owner.userName}@example.com`;
    await giveAddress(a, owner.id, ownerAddress);
    const blog = await createBlog(a, { owner, name: 'Night shift' });
    await createArticle(a, { blog, author: owner, title: 'Cold starts halved' });
    await createArticle(a, { blog, author: owner, title: 'Flaky test found' });
    const follower = await createUser(a);
    const followerAddress = `${follower.userName}@example.com`;
    await giveAddress(a, follower.id, followerAddress, 'ko');
    const favorite = await a.request({
      method: 'PUT',
      url: `/api/blog/${blog.id}/favorites`,
      headers: { cookie: (await signIn(a, follower)).cookie },
      payload: { blogId: blog.id },
    });
    expect(favorite.statusCode).toBe(200);
    await settled(a);
    // Favorites are in the daily digest by default: nothing yet.
    expect(mailsTo(ownerAddress)).toHaveLength(0);

    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await Promise.all([
      a.app.emailDigests.tick(tomorrow),
      b.app.emailDigests.tick(tomorrow),
      a.app.emailDigests.tick(tomorrow),
    ]);
    await vi.waitFor(() => expect(mailsTo(ownerAddress)).toHaveLength(1), ARRIVAL);
    await vi.waitFor(() => expect(mailsTo(followerAddress)).toHaveLength(1), ARRIVAL);
    await settled(a);
    await settled(b);
    expect(mailsTo(ownerAddress)).toHaveLength(1);
    expect(mailsTo(followerAddress)).toHaveLength(1);
    const daily = mailsTo(ownerAddress)[0];
    expect(daily?.subject).toBe('Your daily Repolog digest');
    expect(daily?.text).toContain(
      `${follower.userName} added your blog 'Night shift' to their favorites`,
    );
    const weekly = mailsTo(followerAddress)[0];
    expect(weekly?.subject).toBe('팔로우하는 블로그의 새 브레이크스루');
    expect(weekly?.text).toContain('Cold starts halved');
    expect(weekly?.text).toContain('Flaky test found');
  });
});

describe('a server killed between the commit and the send', () => {
  const db = crashDatabase();

  it('still sends the email, exactly once', async () => {
    const { address, reader, article, secret } = await db.prepare(async (t) => {
      const author = await createUser(t);
      const address = `${author.userName}@example.com`;
      await giveAddress(t, author.id, address);
      const reader = await signIn(t, await createUser(t));
      const blog = await createBlog(t, { owner: author });
      const article = await createArticle(t, { blog, author, title: 'Crash-proof' });
      return { address, reader, article };
    });

    const child = await committedThenHung(
      db.childEnv(secret),
      article.id,
      reader.cookie,
      'comment',
    );
    expect(await killNow(child)).toBe('SIGKILL');
    expect(mailsTo(address)).toHaveLength(0);

    // Restarted (with SMTP), the server sends it; delivering again sends nothing more.
    const database = await db.open();
    const t = await buildTestApp({ database, env: { SMTP_URL: smtp.url } });
    await vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), ARRIVAL);
    await settled(t);
    const again = await t.database.db.select({ id: outboxTable.id }).from(outboxTable);
    await t.app.outbox.deliver(again.map((row) => row.id));
    expect(mailsTo(address)).toHaveLength(1);
    expect(mailsTo(address)[0]?.text).toContain('Written just before a crash');
    await t.close();
    await database.close();
  }, 120_000);
});

describe('headers', () => {
  it('cannot be injected: line breaks in a subject are flattened, an address with one is refused', async () => {
    const sender = smtpSender({
      url: smtp.url,
      from: 'Repolog <mail@repolog.test>',
      publicUrl: 'http://localhost:3000',
    });
    const base = { html: '<p>x</p>', text: 'x', key: `injection:${Date.now()}` };
    const tx = undefined as never;
    await sender.send(
      {
        ...base,
        to: 'target@example.com',
        subject: 'Hello\r\nBcc: victim@example.net\r\n\r\nbody',
      },
      tx,
    );
    await vi.waitFor(() => expect(mailsTo('target@example.com')).toHaveLength(1), ARRIVAL);
    const mail = mailsTo('target@example.com')[0];
    expect(mail?.subject).toBe('Hello Bcc: victim@example.net body');
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.headerLines.filter((line) => line.key === 'bcc')).toEqual([]);
    await expect(
      sender.send(
        { ...base, to: 'target@example.com\r\nBcc: victim@example.net', subject: 'x' },
        tx,
      ),
    ).rejects.toThrow(/malformed address/);
    expect(smtp.mails.some((m) => JSON.stringify(m.to).includes('victim'))).toBe(false);
    sender.close();
  });
});

describe('the demo mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the emails at /__mail when no SMTP server is set', async () => {
    expect(t.config.email.delivery).toBe('mailbox');
    const author = await createUser(t);
    await giveAddress(t, author.id, `${author.userName}@example.com`);
    const blog = await createBlog(t, { owner: author });
    const article = await createArticle(t, { blog, author, title: 'Seen in the mailbox' });
    const reader = await signIn(t, await createUser(t));
    await postComment(t, reader, article.id);
    const list = await vi.waitFor(async () => {
      const res = await t.request({ method: 'GET', url: '/__mail' });
      expect(res.body).toContain('Seen in the mailbox');
      return res;
    }, ARRIVAL);
    expect(list.headers['content-type']).toMatch(/text\/html/);
    const id = /href="\/__mail\/(\d+)"/.exec(list.body)?.[1];
    const one = await t.request({ method: 'GET', url: `/__mail/${id ?? 0}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`href="http://localhost:3000/breakthrough/${article.id}#comments"`);
    expect(one.body).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect((await t.request({ method: 'GET', url: '/__mail/999999' })).statusCode).toBe(404);
  });

  it('is off outside demo mode without SMTP_URL', () => {
    const config = loadConfig({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: '/nonexistent-test-data-dir',
    });
    expect(config.email.delivery).toBe('off');
  });
});
