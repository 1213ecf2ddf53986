import type { Article } from '@repolog/contract/articles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { startReplicaPair, type ReplicaPair } from '../test/pg-replica.js';
import { openDatabase, type Database } from './client.js';

// The replica is a real PostgreSQL standby this file starts (scripts/pg-replica.sh); only the
// PostgreSQL pass of the tests (TEST_DATABASE_URL) runs this file (vitest.config.ts), on a
// machine with PostgreSQL 15.
describe('DATABASE_READ_URL: a streaming replica for public reads', () => {
  let pair: ReplicaPair;
  let database: Database;
  let t: TestApp;
  let writer: Session;
  let articleId: number;

  /** An instance on the pair: its own pool on the primary and on the replica. */
  const instance = async (maxLagMs: number, options: { builtWeb?: boolean } = {}) => {
    const opened = await openDatabase({
      url: pair.primaryUrl,
      replica: { url: pair.replicaUrl, maxLagMs },
      poolSize: 4,
    });
    const app = await buildTestApp({
      database: opened,
      env: {
        DATABASE_URL: pair.primaryUrl,
        DATABASE_READ_URL: pair.replicaUrl,
        DATABASE_READ_MAX_LAG_MS: String(maxLagMs),
      },
      ...options,
    });
    return { opened, app };
  };

  const titleFor = async (app: TestApp, session?: Session) => {
    const res = await app.request({
      method: 'GET',
      url: `/api/article/breakthrough/${articleId}`,
      headers: session ? { cookie: session.cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<Article>().title;
  };

  /** The replica has replayed everything the primary wrote so far. */
  const caughtUp = (db: Database) =>
    expect
      .poll(() => db.replicaStats(), { timeout: 20_000 })
      .toMatchObject({ healthy: true, lagMs: 0 });

  /** The writer edits the breakthrough; answers the cookie that pins their reads to the primary. */
  const editAs = async (title: string, content: string): Promise<string> => {
    const edit = await t.request({
      method: 'PUT',
      url: `/api/article/${articleId}`,
      headers: { cookie: writer.cookie },
      payload: { title, content, about: 'TypeScript' },
    });
    expect(edit.statusCode).toBe(200);
    const wrote = /repolog_wrote=\d+/.exec(String(edit.headers['set-cookie']))?.[0];
    expect(wrote).toBeDefined();
    return wrote ?? '';
  };

  beforeAll(async () => {
    pair = await startReplicaPair();
    ({ opened: database, app: t } = await instance(60_000));
    const user = await createUser(t);
    writer = await signIn(t, user);
    const blog = await createBlog(t, { owner: user });
    articleId = (await createArticle(t, { blog, author: user, title: 'Before the edit' })).id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await pair?.close();
  });

  it(
    "answers visitors from the replica, and a writer's own reads from the primary right after they wrote, on any instance",
    { timeout: 90_000 },
    async () => {
      await caughtUp(database);
      // The replica has the article once it replayed its insert.
      await expect
        .poll(() => titleFor(t).catch(() => ''), { timeout: 20_000 })
        .toBe('Before the edit');
      // A second instance, whose short caches do not hold the article yet.
      const other = await instance(60_000);
      await pair.pauseReplay();
      try {
        const wrote = await editAs('After the edit', '# Edited\n\nNow current.');
        const pinned = { ...writer, cookie: `${writer.cookie}; ${wrote}` };

        // The replica has not replayed the edit: a visitor still reads the old title there …
        const stats = () => other.opened.replicaStats()?.replicaReads ?? 0;
        const before = stats();
        expect(await titleFor(other.app)).toBe('Before the edit');
        expect(stats()).toBeGreaterThan(before);
        // … while the writer, whose browser carries the cookie of the write, reads the primary.
        expect(await titleFor(other.app, pinned)).toBe('After the edit');

        // Lists and search go to the replica too.
        for (const url of ['/api/article/breakthrough', '/api/search?q=edit']) {
          const reads = stats();
          expect((await other.app.request({ method: 'GET', url })).statusCode).toBe(200);
          expect(stats()).toBeGreaterThan(reads);
        }
      } finally {
        await pair.resumeReplay();
        await other.app.close();
        await other.opened.close();
      }
      await expect.poll(() => titleFor(t), { timeout: 20_000 }).toBe('After the edit');
    },
  );

  it(
    "renders pages on the replica for visitors, and on the primary for a writer's own reads right after a write",
    { timeout: 90_000 },
    async () => {
      // An instance rendering pages on its worker threads, their reads answered by its pools.
      const pages = await instance(60_000, { builtWeb: true });
      try {
        await caughtUp(pages.opened);
        await pair.pauseReplay();
        const wrote = await editAs('Rendered edit', '# Edited\n\nOn a page.');
        const page = async (session?: Session) => {
          const res = await pages.app.request({
            method: 'GET',
            url: '/breakthrough',
            headers: session ? { cookie: `${session.cookie}; ${wrote}` } : {},
          });
          expect(res.statusCode).toBe(200);
          return res.body;
        };
        const replicaReads = () => pages.opened.replicaStats()?.replicaReads ?? 0;

        // The replica has not replayed the edit: a visitor's page shows the title it had there.
        const before = replicaReads();
        const visitors = await page();
        expect(visitors).toContain('After the edit');
        expect(visitors).not.toContain('Rendered edit');
        expect(replicaReads()).toBeGreaterThan(before);
        // The writer's page, rendered for them (not the visitor's kept a second), reads the primary.
        const writers = await page(writer);
        expect(writers).toContain('Rendered edit');
        expect(writers).not.toContain('After the edit');
      } finally {
        await pair.resumeReplay();
        await pages.app.close();
        await pages.opened.close();
      }
      await caughtUp(database);
    },
  );

  it(
    'passes a replica over while it lags more than DATABASE_READ_MAX_LAG_MS',
    { timeout: 90_000 },
    async () => {
      const strict = await instance(300);
      try {
        await caughtUp(strict.opened);
        await pair.pauseReplay();
        const edit = await t.request({
          method: 'PUT',
          url: `/api/article/${articleId}`,
          headers: { cookie: writer.cookie },
          payload: { title: 'Lagging replica', content: '# Edited\n\nAgain.', about: 'TypeScript' },
        });
        expect(edit.statusCode).toBe(200);
        // A visitor of the strict instance soon reads the primary: the replica is too far behind.
        await expect.poll(() => titleFor(strict.app), { timeout: 20_000 }).toBe('Lagging replica');
        expect(strict.opened.replicaStats()).toMatchObject({ healthy: false });
      } finally {
        await pair.resumeReplay();
        await strict.app.close();
        await strict.opened.close();
      }
    },
  );

  it('answers from the primary when the replica goes away: no error for the reader', async () => {
    await pair.stopReplica();
    expect(await titleFor(t)).toBe('Lagging replica');
    await expect.poll(() => database.replicaStats()?.healthy).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/article/breakthrough' })).statusCode).toBe(
      200,
    );
  });

  it('a replica that cannot be reached at start stops it with a sentence naming the setting', async () => {
    await expect(
      openDatabase({
        url: pair.primaryUrl,
        replica: { url: 'postgres://postgres@127.0.0.1:9/repolog', maxLagMs: 1000 },
      }),
    ).rejects.toThrow(/^DATABASE_READ_URL: the replica at 127\.0\.0\.1:9 cannot be reached/);
  });
});
