import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blogs, storedPages } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { addLike } from '../test/article-factories.js';
import { postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';
import { PAGE_TTL_MS } from './page-cache.js';
import { pageStoreRepository } from './page-store.repository.js';

let t: TestApp;
let author: UserRow;
let session: Session;
let blog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp({ builtWeb: true });
  author = await createUser(t);
  session = await signIn(t, author);
  blog = await createBlog(t, { owner: author, name: 'Store Lab' });
}, 120_000);
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const word = () => `w${randomBytes(4).toString('hex')}`;
const read = (app: TestApp, url: string) => app.request({ method: 'GET', url });

const storedRow = async (app: TestApp, path: string, language = 'en') =>
  (
    await app.database.db
      .select()
      .from(storedPages)
      .where(and(eq(storedPages.path, path), eq(storedPages.language, language)))
  )[0];

/** Waits (up to about 10 s) until the stored row of `path` satisfies `ok`; returns it. */
async function storedWhen(
  app: TestApp,
  path: string,
  ok: (row: NonNullable<Awaited<ReturnType<typeof storedRow>>>) => boolean,
  language = 'en',
) {
  // vi.waitFor keeps time with the real timers: some tests stop this instance's Date.
  return vi.waitFor(
    async () => {
      const row = await storedRow(app, path, language);
      if (!row || !ok(row)) throw new Error(`${path} (${language}) was not stored as expected`);
      return row;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/**
 * Resolves once every page save asked for so far is done: saves run one after another, in the
 * order pages were read, so once a page read now is stored the earlier ones are settled.
 */
async function savesSettled(app: TestApp) {
  const article = await createArticle(app, { blog, author, title: `Settled ${word()}` });
  const path = `/breakthrough/${article.id}`;
  expect((await read(app, path)).statusCode).toBe(200);
  await storedWhen(app, path, () => true);
}

/** Puts a marker into the stored HTML in place of `text`: a page served with it came from the store. */
async function markStored(app: TestApp, path: string, text: string, marker: string) {
  await app.database.db
    .update(storedPages)
    .set({ html: sql`replace(${storedPages.html}, ${text}, ${marker})` })
    .where(eq(storedPages.path, path));
}

/** Moves this instance's clock past its in-memory page cache. */
function pastMemory() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PAGE_TTL_MS * 3 });
}

describe('stored server-rendered pages', () => {
  it('a rendered breakthrough page is stored with what it shows, and later readers get the stored one', async () => {
    const title = `Stored ${word()}`;
    const article = await createArticle(t, { blog, author, title });
    const path = `/breakthrough/${article.id}`;
    expect((await read(t, path)).statusCode).toBe(200);

    const row = await storedWhen(t, path, () => true);
    expect(row).toMatchObject({
      status: 200,
      stale: false,
      articleId: article.id,
      watch: `0|${blog.name}`,
    });
    expect(row.tags).toEqual(
      expect.arrayContaining([`article:${article.id}`, `comments:${article.id}`]),
    );
    // A new breakthrough or member in the blog does not concern it: it watches the blog's name.
    expect(row.tags).not.toContain(`blog:${blog.id}`);
    expect(JSON.parse(row.meta)).toMatchObject({ title: `${title} · Repolog`, type: 'article' });

    const marker = `Marker ${word()}`;
    await markStored(t, path, title, marker);
    pastMemory();
    const again = await read(t, path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(marker);
    // The head is assembled at read from the stored meta tags.
    expect(again.body).toContain(`<title>${title} · Repolog</title>`);
    // Its data is as fresh as the read, so the browser does not ask for it again.
    const updatedAt = [...again.body.matchAll(/"dataUpdatedAt":(\d+)/g)].map((m) => Number(m[1]));
    expect(updatedAt.length).toBeGreaterThan(0);
    for (const time of updatedAt) expect(time).toBeGreaterThanOrEqual(Date.now());
  });

  it('a page stored long ago is served, and rendered again behind the reader', async () => {
    const title = `Aged ${word()}`;
    const article = await createArticle(t, { blog, author, title });
    const path = `/breakthrough/${article.id}`;
    await read(t, path);
    await storedWhen(t, path, () => true);
    const marker = `Aged marker ${word()}`;
    await markStored(t, path, title, marker);
    await t.database.db
      .update(storedPages)
      .set({ storedAt: sql`now() - interval '2 hours'` })
      .where(eq(storedPages.path, path));

    pastMemory();
    expect((await read(t, path)).body).toContain(marker);
    await storedWhen(t, path, (row) => !row.html.includes(marker) && row.html.includes(title));
  });

  it('a like, which no cache signal follows, shows on the next read and is stored again', async () => {
    const article = await createArticle(t, { blog, author, title: `Liked ${word()}` });
    const path = `/breakthrough/${article.id}`;
    await read(t, path);
    await storedWhen(t, path, (row) => row.watch.startsWith('0|'));

    await addLike(t, { userId: author.id, articleId: article.id });
    pastMemory();
    expect((await read(t, path)).body).toContain('"likeCount":1');
    await storedWhen(t, path, (row) => row.watch.startsWith('1|') && !row.stale);
  });

  it('a new comment makes the stored page stale at once; the next read shows it and stores it', async () => {
    const article = await createArticle(t, { blog, author, title: `Talk ${word()}` });
    const path = `/breakthrough/${article.id}`;
    await read(t, path);
    await storedWhen(t, path, () => true);

    const text = `Comment ${word()}`;
    await postComment(t, session, article.id, text);
    expect((await read(t, path)).body).toContain(text);
    await storedWhen(t, path, (row) => row.html.includes(text) && !row.stale);
  });

  it('a deleted account leaves the stored pages that showed its comments and its name', async () => {
    const reader = await createUser(t);
    const readerSession = await signIn(t, reader);
    const article = await createArticle(t, { blog, author, title: `Visited ${word()}` });
    const written = await createArticle(t, { blog, author: reader, title: `By ${word()}` });
    const text = `Goodbye ${word()}`;
    await postComment(t, readerSession, article.id, text);
    for (const id of [article.id, written.id]) {
      await read(t, `/breakthrough/${id}`);
      await storedWhen(t, `/breakthrough/${id}`, (row) => !row.stale);
    }
    expect((await read(t, `/breakthrough/${written.id}`)).body).toContain(reader.userName);

    const gone = await t.request({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { cookie: readerSession.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect((await read(t, `/breakthrough/${article.id}`)).body).not.toContain(text);
    expect((await read(t, `/breakthrough/${written.id}`)).body).not.toContain(reader.userName);
  });

  it('a blog renamed shows on its stored article pages, which other blog signals leave alone', async () => {
    const own = await createBlog(t, { owner: author, name: `Before ${word()}` });
    const article = await createArticle(t, { blog: own, author, title: `Named ${word()}` });
    const path = `/breakthrough/${article.id}`;
    await read(t, path);
    const first = await storedWhen(t, path, () => true);

    // A new breakthrough in the blog: its article pages stay stored as they are.
    await createArticle(t, { blog: own, author, title: `Sibling ${word()}` });
    pastMemory();
    await read(t, path);
    expect((await storedRow(t, path))?.storedAt).toEqual(first.storedAt);

    const name = `After ${word()}`;
    await t.database.db.update(blogs).set({ name }).where(eq(blogs.id, own.id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PAGE_TTL_MS * 3 });
    expect((await read(t, path)).body).toContain(name);
  });

  it('a page stored by another build of the renderer is rendered again', async () => {
    const title = `Built ${word()}`;
    const article = await createArticle(t, { blog, author, title });
    const path = `/breakthrough/${article.id}`;
    await read(t, path);
    const first = await storedWhen(t, path, () => true);

    const marker = `Old build ${word()}`;
    await markStored(t, path, title, marker);
    await t.database.db
      .update(storedPages)
      .set({ build: 'an-older-build' })
      .where(eq(storedPages.path, path));
    pastMemory();
    const again = await read(t, path);
    expect(again.body).not.toContain(marker);
    expect(again.body).toContain(title);
    await storedWhen(t, path, (row) => row.build === first.build && !row.html.includes(marker));
  });

  it('a blog page is stored and shows a new breakthrough and a new like at once; a missing page is not stored', async () => {
    const own = await createBlog(t, { owner: author, name: `Shelf ${word()}` });
    for (let n = 0; n < 3; n += 1) {
      await createArticle(t, { blog: own, author, title: `On the shelf ${word()}` });
    }
    const path = `/blog/${own.id}`;
    expect((await read(t, path)).statusCode).toBe(200);
    const row = await storedWhen(t, path, () => true);
    expect(row).toMatchObject({ blogId: own.id, articleId: null });
    // What the database says the page shows agrees with what it showed: served from the store.
    const marker = `Marker ${word()}`;
    await markStored(t, path, own.name, marker);
    pastMemory();
    expect((await read(t, path)).body).toContain(marker);

    // A new breakthrough in the blog, and a like on a listed one: no blog signal follows
    // either, yet the next read shows them.
    const fresh = `Fresh ${word()}`;
    const added = await createArticle(t, { blog: own, author, title: fresh });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PAGE_TTL_MS * 3 });
    expect((await read(t, path)).body).toContain(fresh);
    await storedWhen(t, path, (stored) => stored.html.includes(fresh));
    await addLike(t, { userId: author.id, articleId: added.id });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PAGE_TTL_MS * 3 });
    expect((await read(t, path)).body).toMatch(
      new RegExp(`"articleId":${added.id}[^}]*"likeCount":1`),
    );

    const missing = '/breakthrough/2147483000';
    expect((await read(t, missing)).statusCode).toBe(404);
    await savesSettled(t);
    expect(await storedRow(t, missing)).toBeUndefined();
  });

  it('a page with a query is rendered, not stored', async () => {
    const article = await createArticle(t, { blog, author, title: `Query ${word()}` });
    expect((await read(t, `/breakthrough/${article.id}?utm_source=chat`)).statusCode).toBe(200);
    await savesSettled(t);
    expect(await storedRow(t, `/breakthrough/${article.id}?utm_source=chat`)).toBeUndefined();
  });
});

describe('a bounded store of the pages readers read', () => {
  it('renders nothing ahead: a page is stored when it is first read', async () => {
    const owner = await createUser(t);
    const own = await createBlog(t, { owner, name: `First read ${word()}` });
    const article = await createArticle(t, { blog: own, author: owner });
    const started = await buildTestApp({ database: t.database, builtWeb: true });
    try {
      await started.app.ready();
      expect(await storedRow(started, `/breakthrough/${article.id}`)).toBeUndefined();
      expect((await read(started, `/breakthrough/${article.id}`)).statusCode).toBe(200);
      await storedWhen(started, `/breakthrough/${article.id}`, () => true);
      expect(await storedRow(started, `/blog/${own.id}`)).toBeUndefined();
    } finally {
      await started.close();
    }
  }, 60_000);

  it('keeps the most recently read pages within its count and bytes, without a write per read', async () => {
    const small = await buildTestApp({ builtWeb: true, env: { PAGE_STORE_PAGES: '3' } });
    try {
      const owner = await createUser(small);
      const own = await createBlog(small, { owner });
      const articles = [];
      for (let i = 0; i < 4; i += 1)
        articles.push(await createArticle(small, { blog: own, author: owner }));
      const [first, second, third, fourth] = articles.map((a) => `/breakthrough/${a.id}`) as [
        string,
        string,
        string,
        string,
      ];
      for (const path of [first, second, third]) {
        expect((await read(small, path)).statusCode).toBe(200);
        await storedWhen(small, path, () => true);
      }
      // Later, the first page is read again (from the store): only this instance's memory notes it.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 60_000);
      const readAt = (await storedRow(small, first))?.readAt;
      expect((await read(small, first)).statusCode).toBe(200);
      expect((await storedRow(small, first))?.readAt).toEqual(readAt);

      // A fourth page passes the bound: the least recently read one goes.
      expect((await read(small, fourth)).statusCode).toBe(200);
      await storedWhen(small, fourth, () => true);
      await vi.waitFor(async () => expect(await storedRow(small, second)).toBeUndefined());
      for (const path of [first, third, fourth]) expect(await storedRow(small, path)).toBeDefined();

      // The bytes bound: one byte less than the three pages leaves out the least recently read.
      const repo = pageStoreRepository(small.database.db);
      const { pages, bytes } = await repo.size();
      expect(pages).toBe(3);
      expect(await repo.trim(10, bytes - 1)).toBe(1);
      expect(await storedRow(small, third)).toBeUndefined();
      for (const path of [first, fourth]) expect(await storedRow(small, path)).toBeDefined();
    } finally {
      vi.useRealTimers();
      await small.close();
    }
  }, 90_000);
});
