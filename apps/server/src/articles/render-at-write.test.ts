import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article } from '@repolog/contract/articles';
import { articles } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
} from '../test/factories.js';
import { RENDER_VERSION } from './article-body.js';
import { errorBody } from '../test/errors.js';
import { RENDERER_BUSY, TOO_MANY_RENDERS, UNRENDERABLE } from './articles.service.js';

/** Quadratic for the markdown parser: runs into the render time limit (100,000 characters). */
const PATHOLOGICAL = '*a'.repeat(50_000);

const BODY = '# Pool sizing\n\nSee [the docs](https://example.com).\n\n```ts\nconst a = 1;\n```';

/** 'pending' while `promise` has not settled. */
const peek = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((resolve) => setImmediate(() => resolve('pending'))),
  ]);

async function team(t: TestApp, writers: number) {
  const people = await Promise.all(Array.from({ length: writers }, () => createUser(t)));
  const [owner, ...members] = people;
  if (!owner) throw new Error('no writers');
  const blog = await createBlog(t, { owner, members });
  const sessions = await Promise.all(people.map((person) => signIn(t, person)));
  return { blog, sessions };
}

const write = (t: TestApp, blog: BlogRow, session: Session, content: string, title = 'T') =>
  t.request({
    method: 'POST',
    url: '/api/article',
    headers: { cookie: session.cookie },
    payload: { blogId: blog.id, title, content },
  });

const read = async (t: TestApp, articleId: number) => {
  const res = await t.request({ method: 'GET', url: `/api/article/breakthrough/${articleId}` });
  expect(res.statusCode).toBe(200);
  return res.json<Article>();
};

const stored = async (t: TestApp, articleId: number) => {
  const [row] = await t.database.db
    .select({
      html: articles.contentHtml,
      text: articles.contentText,
      version: articles.renderVersion,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!row) throw new Error(`no article ${articleId}`);
  return row;
};

describe('bodies are rendered when written, never when read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stores the HTML with the article, and serves it with the renderer stopped', async () => {
    const { blog, sessions } = await team(t, 1);
    const [author] = sessions as [Session];
    const res = await write(t, blog, author, BODY);
    expect(res.statusCode).toBe(200);
    const { articleId } = res.json<{ articleId: number }>();

    const row = await stored(t, articleId);
    expect(row.version).toBe(RENDER_VERSION);
    expect(row.text).toBe('Pool sizing See the docs.');
    expect(row.html).toContain('<h1>Pool sizing</h1>');
    expect(row.html).toContain('<a href="https://example.com" rel="nofollow ugc">the docs</a>');
    expect(row.html).toContain('<span class="hljs-keyword">const</span>');

    await t.app.renderPool.close();
    const article = await read(t, articleId);
    expect(article.contentHtml).toBe(row.html);
    expect(article.content).toBe(BODY);

    // Writing needs the renderer: with it stopped an edit is refused, and nothing is lost.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/article/${articleId}`,
      headers: { cookie: author.cookie },
      payload: { title: 'T', content: 'changed' },
    });
    expect(edit.statusCode).toBe(503);
    expect(edit.json()).toEqual(errorBody('service_unavailable', RENDERER_BUSY));
    expect((await read(t, articleId)).content).toBe(BODY);
  });
});

describe('bodies stored without a rendering (seeds, demo data, an older pipeline)', () => {
  let t: TestApp;
  let blog: BlogRow;
  let authorId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const author = await createUser(t);
    authorId = author.id;
    blog = await createBlog(t, { owner: author });
  });
  afterAll(() => t.close());

  it(
    'are served as escaped text at once, and rendered in the background',
    { timeout: 30_000 },
    async () => {
      const article = await createArticle(t, {
        blog,
        author: { id: authorId },
        content: '# Late\n\n<b>bold</b> & more',
        rendered: false,
      });
      expect((await read(t, article.id)).contentHtml).toBe(
        '<pre># Late\n\n&lt;b&gt;bold&lt;/b&gt; &amp; more</pre>',
      );
      await vi.waitFor(
        async () => expect((await stored(t, article.id)).version).toBe(RENDER_VERSION),
        { timeout: 15_000, interval: 50 },
      );
      expect((await read(t, article.id)).contentHtml).toBe(
        '<h1>Late</h1>\n<p>bold &#x26; more</p>',
      );
      // A re-render is not an edit.
      expect((await stored(t, article.id)).updatedAt).toEqual(article.updatedAt);
    },
  );

  it('are all rendered by the pass a server runs when it starts', async () => {
    const fresh = await createArticle(t, {
      blog,
      author: { id: authorId },
      content: 'plain *words*',
      rendered: false,
    });
    const old = await createArticle(t, { blog, author: { id: authorId }, content: '## Old' });
    // As an older pipeline would have left it.
    await t.database.db
      .update(articles)
      .set({ contentHtml: '<h2>old pipeline</h2>', renderVersion: RENDER_VERSION - 1 })
      .where(eq(articles.id, old.id));
    const hopeless = await createArticle(t, {
      blog,
      author: { id: authorId },
      content: '>'.repeat(300),
      rendered: false,
    });

    // A second instance starts on the same database.
    const second = await buildTestApp({ database: t.database });
    try {
      await vi.waitFor(
        async () => {
          const [left] = await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(articles)
            .where(sql`${articles.renderVersion} < ${RENDER_VERSION}`);
          expect(left?.n).toBe(0);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await second.close();
    }
    expect(await stored(t, fresh.id)).toMatchObject({
      html: '<p>plain <em>words</em></p>',
      text: 'plain words',
    });
    expect((await stored(t, old.id)).html).toBe('<h2>Old</h2>');
    // What cannot be rendered is stored as escaped text, not tried again on every start.
    expect(await stored(t, hopeless.id)).toMatchObject({
      html: `<pre>${'&gt;'.repeat(300)}</pre>`,
      version: RENDER_VERSION,
    });
  }, 30_000);
});

describe('the render queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RENDER_QUEUE_PER_USER: '3', RENDER_QUEUE: '64' } });
  });
  afterAll(() => t.close());

  it("N pathological bodies from one user do not delay another user's write", async () => {
    const { blog, sessions } = await team(t, 2);
    const [hog, other] = sessions as [Session, Session];
    // Both render threads up first, so the run below is about turns, not thread start-up.
    const warm = await Promise.all([write(t, blog, hog, 'warm'), write(t, blog, other, 'warm')]);
    expect(warm.map((res) => res.statusCode)).toEqual([200, 200]);

    const slow = [1, 2, 3].map(() => write(t, blog, hog, PATHOLOGICAL));
    await vi.waitFor(
      () => expect(t.app.renderPool.stats().perOwner[`user:${hog.userId}`]).toBe(3),
      { timeout: 10_000, interval: 10 },
    );

    // A fourth from the same writer is refused at once, with a message saying why.
    const fourth = await write(t, blog, hog, 'one more');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(errorBody('rate_limited', TOO_MANY_RENDERS));

    // Someone else's write goes through while every one of those is still running or waiting:
    // it waited for none of them (each takes the whole render time limit).
    const res = await write(t, blog, other, BODY, 'Meanwhile');
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(slow.map(peek))).toEqual(['pending', 'pending', 'pending']);

    for (const refused of await Promise.all(slow)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(errorBody('bad_request', UNRENDERABLE));
    }
  }, 30_000);
});

describe('a full render queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RENDER_QUEUE: '1', RENDER_TIMEOUT_MS: '1000' } });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message, and writes again once it drains', async () => {
    const { blog, sessions } = await team(t, 4);
    const [a, b, c, d] = sessions as [Session, Session, Session, Session];
    // Two running (one per writer and thread), one waiting: the queue of one is full.
    const busy = [a, b, c].map((session) => write(t, blog, session, PATHOLOGICAL));
    await vi.waitFor(() => expect(t.app.renderPool.stats()).toMatchObject({ queued: 1 }), {
      timeout: 10_000,
      interval: 10,
    });
    const refused = await write(t, blog, d, BODY);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(errorBody('service_unavailable', RENDERER_BUSY));
    for (const res of await Promise.all(busy)) expect(res.statusCode).toBe(400);
    expect((await write(t, blog, d, BODY)).statusCode).toBe(200);
  }, 30_000);
});
