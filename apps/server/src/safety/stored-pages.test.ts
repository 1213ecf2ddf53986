import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedPages } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { postComment } from '../test/comment-factories.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
} from '../test/factories.js';

// The server-rendered pages, kept in the database (pages/page-store.ts), leave hidden and held
// content at once: `npm run build -w @repolog/web` first.

let t: TestApp;
let author: Session;
let moderator: Session;
let blog: BlogRow;

beforeAll(async () => {
  t = await buildTestApp({ builtWeb: true, env: { ADMIN_LOGINS: 'stored-pages-mod' } });
  const authorUser = await createUser(t);
  author = await signIn(t, authorUser);
  moderator = await signIn(t, await createUser(t, { userName: 'stored-pages-mod' }));
  blog = await createBlog(t, { owner: authorUser, name: 'Kept pages' });
}, 120_000);
afterAll(() => t.close());

const word = () => `w${randomBytes(4).toString('hex')}`;
const read = (url: string) => t.request({ method: 'GET', url });
const act = (payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/admin/actions',
    headers: { cookie: moderator.cookie },
    payload: { reason: 'Spam', ...payload },
  });

/** Waits until `path` is stored (English) with HTML that passes `ok`. */
const storedWhen = (path: string, ok: (html: string) => boolean) =>
  vi.waitFor(
    async () => {
      const [row] = await t.database.db
        .select({ html: storedPages.html })
        .from(storedPages)
        .where(and(eq(storedPages.path, path), eq(storedPages.language, 'en')));
      if (!row || !ok(row.html)) throw new Error(`${path} is not stored as expected`);
    },
    { timeout: 10_000, interval: 20 },
  );

describe('stored pages and moderation', () => {
  it('a hidden breakthrough leaves its stored page and its blog’s at once; restored, it is back', async () => {
    const title = `Stored then hidden ${word()}`;
    const article = await createArticle(t, { blog, author: { id: author.userId }, title });
    const page = `/breakthrough/${article.id}`;
    const blogPage = `/blog/${blog.id}`;
    expect((await read(page)).body).toContain(title);
    expect((await read(blogPage)).body).toContain(title);
    await storedWhen(page, (html) => html.includes(title));
    await storedWhen(blogPage, (html) => html.includes(title));

    await act({ action: 'hide', targetType: 'article', targetId: article.id });
    const hidden = await read(page);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(title);
    expect((await read(blogPage)).body).not.toContain(title);
    const search = await read(`/api/search?q=${encodeURIComponent(title)}`);
    expect(search.body).not.toContain(title);

    await act({ action: 'restore', targetType: 'article', targetId: article.id });
    expect((await read(page)).body).toContain(title);
    expect((await read(blogPage)).body).toContain(title);
  });

  it('a hidden comment leaves the stored page at once; a held one never reaches it', async () => {
    const article = await createArticle(t, { blog, author: { id: author.userId } });
    const page = `/breakthrough/${article.id}`;
    const reader = await signIn(t, await createUser(t));
    const text = `Soon hidden ${word()}`;
    const comment = await postComment(t, reader, article.id, text);
    expect((await read(page)).body).toContain(text);
    await storedWhen(page, (html) => html.includes(text));

    await act({ action: 'hide', targetType: 'comment', targetId: comment.commentId });
    expect((await read(page)).body).not.toContain(text);
    await storedWhen(page, (html) => !html.includes(text));

    // The same words on a third breakthrough within the hour are held: never on a page.
    const repeated = `Visit my site ${word()}`;
    for (let i = 0; i < 2; i += 1) {
      const other = await createArticle(t, { blog, author: { id: author.userId } });
      await postComment(t, reader, other.id, repeated);
    }
    expect((await postComment(t, reader, article.id, repeated)).held).toBe('repeated');
    expect((await read(page)).body).not.toContain(repeated);
  });
});
