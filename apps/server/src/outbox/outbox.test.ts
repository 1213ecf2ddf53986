import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTICE_TYPES } from '@repolog/contract/constants';
import { comments, likes, notifications, outbox as outboxTable } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { noticesOf } from '../test/comment-factories.js';
import { committedThenHung, crashDatabase, killNow } from '../test/children.js';
import { openSharedTestDatabases } from '../test/database.js';
import { createArticle, createBlog, createUser, signIn } from '../test/factories.js';
import { createOutbox, retryDelayMs } from './outbox.js';
import { outboxRepository } from './outbox.repository.js';

/** Reads until `seen` holds, for up to 10 s (vi.waitFor runs on real timers; tests may stop Date). */
function eventually<T>(read: () => Promise<T>, seen: (value: T) => boolean): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!seen(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('a process killed between the commit and the delivery', () => {
  const db = crashDatabase();

  it('loses nothing: after a restart the notification arrives, exactly once', async () => {
    const { author, reader, article, secret } = await db.prepare(async (t) => {
      const author = await createUser(t);
      const reader = await signIn(t, await createUser(t));
      const blog = await createBlog(t, { owner: author });
      const article = await createArticle(t, { blog, author, title: 'Survives a crash' });
      return { author, reader, article };
    });

    // A server likes the article and is killed once the like is committed, before delivery.
    const child = await committedThenHung(db.childEnv(secret), article.id, reader.cookie, 'like');
    expect(await killNow(child)).toBe('SIGKILL');
    expect(child.output()).not.toContain('answered');

    // The like is there; its notification is not, and its event waits in the outbox.
    const database = await db.open();
    expect(
      await database.db
        .select()
        .from(likes)
        .where(and(eq(likes.articleId, article.id), eq(likes.userId, reader.userId))),
    ).toHaveLength(1);
    expect(
      await database.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientId, author.id)),
    ).toHaveLength(0);
    const [waiting] = await database.db
      .select()
      .from(outboxTable)
      .where(isNull(outboxTable.deliveredAt));
    expect(waiting).toMatchObject({ type: 'article.liked', attempts: 0 });

    // Restarted, the server delivers it; delivering again changes nothing.
    const t = await buildTestApp({ database });
    const authorSession = await signIn(t, author);
    const notices = await eventually(
      () => noticesOf(t, authorSession),
      (seen) => seen.length > 0,
    );
    await t.app.outbox.drain();
    await t.app.outbox.deliver([waiting?.id ?? 0]);
    expect(await noticesOf(t, authorSession)).toEqual(notices);
    expect(notices).toMatchObject([
      {
        type: NOTICE_TYPES.liked,
        instigator: reader.userName,
        relatedId: { articleId: article.id },
        articleTitle: 'Survives a crash',
      },
    ]);
    const [row] = await database.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.id, waiting?.id ?? 0));
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    await t.close();
    await database.close();
  }, 120_000);
});

describe('the dispatcher', () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    shared = await openSharedTestDatabases();
    a = await buildTestApp({ database: shared.first });
    b = await buildTestApp({ database: shared.second });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });

  it('delivers each event once when two instances drain the same outbox', async () => {
    const author = await createUser(a);
    const reader = await createUser(a);
    const blog = await createBlog(a, { owner: author });
    const article = await createArticle(a, { blog, author });
    // Twenty comments, each with its event (a notice names its comment, so the comments exist).
    const posted = await a.database.db
      .insert(comments)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          articleId: article.id,
          userId: reader.id,
          content: `comment ${i}`,
        })),
      )
      .returning({ id: comments.id });
    const repo = outboxRepository(a.database.db);
    const ids = await repo.transaction(async (tx) => {
      const written: number[] = [];
      for (const { id: commentId } of posted) {
        written.push(
          await a.app.outbox.add(tx, 'comment.created', {
            commentId,
            articleId: article.id,
            userId: reader.id,
          }),
        );
      }
      return written;
    });
    await Promise.all([a.app.outbox.drain(), b.app.outbox.drain(), a.app.outbox.deliver(ids)]);
    const rows = await a.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, author.id));
    expect(rows).toHaveLength(20);
    const pending = await a.database.db
      .select()
      .from(outboxTable)
      .where(isNull(outboxTable.deliveredAt));
    expect(pending.filter((row) => ids.includes(row.id))).toEqual([]);
  });

  it('delivers a comment deleted before its event as nothing, and does not retry it', async () => {
    const author = await createUser(a);
    const reader = await createUser(a);
    const blog = await createBlog(a, { owner: author });
    const article = await createArticle(a, { blog, author });
    const [comment] = await a.database.db
      .insert(comments)
      .values({ articleId: article.id, userId: reader.id, content: 'soon gone' })
      .returning({ id: comments.id });
    const commentId = comment?.id ?? 0;
    const id = await outboxRepository(a.database.db).transaction((tx) =>
      a.app.outbox.add(tx, 'comment.created', {
        commentId,
        articleId: article.id,
        userId: reader.id,
      }),
    );
    await a.database.db.delete(comments).where(eq(comments.id, commentId));
    await a.app.outbox.deliver([id]);
    expect(
      await a.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientId, author.id)),
    ).toEqual([]);
    const [row] = await a.database.db.select().from(outboxTable).where(eq(outboxTable.id, id));
    expect(row).toMatchObject({ attempts: 0 });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
  });

  it('retries a failing delivery with back-off, then delivers it once', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    const errors: unknown[] = [];
    const outbox = createOutbox({
      repo: outboxRepository(a.database.db),
      database: { listen: async () => async () => undefined },
      onError: (error) => errors.push(error),
      now: () => clock,
    });
    const blogId = 990_000 + Math.floor(Math.random() * 1000);
    const seen: number[] = [];
    let failuresLeft = 2;
    outbox.handle('blog.favorited', (event) => {
      if (event.blogId !== blogId) return;
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('the handler is down');
      }
      seen.push(event.userId);
    });
    const row = async () =>
      (
        await a.database.db.select().from(outboxTable).where(eq(outboxTable.type, 'blog.favorited'))
      ).find((r) => (r.payload as { blogId: number }).blogId === blogId);

    await outbox.emit('blog.favorited', { blogId, userId: 7 });
    expect(await row()).toMatchObject({ attempts: 1, lastError: 'the handler is down' });
    expect((await row())?.availableAt).toEqual(new Date(clock.getTime() + retryDelayMs(1)));

    // Not due yet: nothing happens.
    await outbox.drain();
    expect((await row())?.attempts).toBe(1);

    clock = new Date(clock.getTime() + retryDelayMs(1));
    await outbox.drain();
    expect(await row()).toMatchObject({ attempts: 2, deliveredAt: null });

    clock = new Date(clock.getTime() + retryDelayMs(2));
    await outbox.drain();
    await outbox.drain();
    expect(seen).toEqual([7]);
    expect((await row())?.deliveredAt).toEqual(clock);
    expect(outbox.stats().failed.get('blog.favorited')).toBe(2);
    expect(outbox.stats().delivered.get('blog.favorited')).toBe(1);
    expect(errors).toHaveLength(2);
  });
});
