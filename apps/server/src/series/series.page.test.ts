import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Series } from '@repolog/contract/series';
import { articles, storedPages } from '../db/schema.js';
import { cdnKeys } from '../plugins/http-cache.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type ArticleRow,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

/*
 * A series and related breakthroughs as the server renders them (issue 21): the article page's
 * "Part N of M" with previous, next and every part, the series page, the related links, and
 * the stored pages refreshed when a series or a related list changes. Uses the built web app
 * (`npm run build` first).
 */

let t: TestApp;
let owner: UserRow;
let session: Session;
let blog: BlogRow;
let seriesId: number;
const parts: ArticleRow[] = [];
const tag = `sr-${randomBytes(3).toString('hex')}`;

/** Stores breakthroughs the way seeds do, with `tag`, then indexes them and finds their related. */
async function seeded(titles: string[]): Promise<ArticleRow[]> {
  const made: ArticleRow[] = [];
  for (const title of titles) made.push(await createArticle(t, { blog, author: owner, title }));
  await t.database.db
    .update(articles)
    .set({ tags: [tag] })
    .where(
      inArray(
        articles.id,
        made.map((a) => a.id),
      ),
    );
  await t.app.searchIndexer.runPass();
  await t.app.related.runPass();
  return made;
}

beforeAll(async () => {
  t = await buildTestApp({ builtWeb: true });
  owner = await createUser(t);
  session = await signIn(t, owner);
  blog = await createBlog(t, { owner, name: 'Series Render Lab' });
  parts.push(...(await seeded(['Cold start one', 'Warm cache two', 'Hot path three'])));
  const [one, two, three] = parts.map((p) => p.id);
  const res = await t.request({
    method: 'POST',
    url: `/api/blog/${blog.id}/series`,
    headers: { cookie: session.cookie },
    payload: { name: 'Page speed', articleIds: [one, two, three] },
  });
  expect(res.statusCode, res.body).toBe(200);
  seriesId = res.json<Series>().seriesId;
}, 120_000);
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });

/** The text a reader without JavaScript sees (of a document or a stored page's HTML). */
const text = (html: string) =>
  (html.split('<body>')[1] ?? html)
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The `href` of the page's link marked `rel`. */
const relHref = (html: string, rel: string) =>
  /href="([^"]*)"/.exec(new RegExp(`<a[^>]*rel="${rel}"[^>]*>`).exec(html)?.[0] ?? '')?.[1];

/** The article ids the links of a region (from `start` to its section's end) lead to, in order. */
const linkedIds = (html: string, start: string) => {
  const from = html.indexOf(start);
  if (from < 0) return [];
  const region = html.slice(from, html.indexOf('</section>', from));
  return [...region.matchAll(/href="\/breakthrough\/(\d+)"/g)].map((m) => Number(m[1]));
};

const storedRow = async (path: string) =>
  (
    await t.database.db
      .select()
      .from(storedPages)
      .where(and(eq(storedPages.path, path), eq(storedPages.language, 'en')))
  )[0];

/** Waits until the stored page at `path` satisfies `ok`. */
const storedWhen = (path: string, ok: (html: string) => boolean) =>
  vi.waitFor(
    async () => {
      const row = await storedRow(path);
      if (!row || row.stale || !ok(row.html)) throw new Error(`${path} not stored as expected`);
      return row;
    },
    { timeout: 10_000, interval: 20 },
  );

describe('a series and related breakthroughs, rendered on the server', () => {
  it('the article page shows its part, previous and next, and every part in order', async () => {
    const [one, two, three] = parts.map((p) => p.id);
    const res = await page(`/breakthrough/${two}`);
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('Part 2 of 3 — Page speed');
    expect(relHref(res.body, 'prev')).toBe(`/breakthrough/${one}`);
    expect(relHref(res.body, 'next')).toBe(`/breakthrough/${three}`);
    expect(text(res.body)).toContain('← Previous: Cold start one');
    expect(text(res.body)).toContain('Next: Hot path three →');
    expect(text(res.body)).toMatch(/All parts Cold start one Warm cache two Hot path three/);
    expect(res.body).toContain(`href="/blog/${blog.id}/series/${seriesId}"`);
    // The data goes along, so the browser hydrates the same navigation without asking again.
    expect(res.body).toContain('"position":2');
  });

  it('the first part has no previous; the series reads in Korean too', async () => {
    const [one, two] = parts.map((p) => p.id);
    const res = await page(`/breakthrough/${one}`, { 'accept-language': 'ko' });
    expect(text(res.body)).toContain('Page speed — 3편 중 1편');
    expect(relHref(res.body, 'prev')).toBeUndefined();
    expect(relHref(res.body, 'next')).toBe(`/breakthrough/${two}`);
  });

  it('the related breakthroughs are links at the end of the article', async () => {
    const [one, two, three] = parts.map((p) => p.id);
    const res = await page(`/breakthrough/${one}`);
    expect(text(res.body)).toContain('Related breakthroughs');
    const related = linkedIds(res.body, 'Related breakthroughs');
    expect(related.sort()).toEqual([two, three].sort());
  });

  it('the series page lists its parts in order, with its blog', async () => {
    const res = await page(`/blog/${blog.id}/series/${seriesId}`);
    expect(res.statusCode).toBe(200);
    const shown = text(res.body);
    expect(shown).toContain('Page speed');
    expect(shown).toContain('A series of Series Render Lab');
    expect(res.body).toContain('<title>Page speed · Series Render Lab · Repolog</title>');
    expect(shown).toMatch(/3 parts Cold start one .*Warm cache two .*Hot path three/);
    expect(linkedIds(res.body, 'id="series-title"')).toEqual(parts.map((p) => p.id));
    // Purged with its blog's signal and its parts' (renamed, reordered, a part retitled).
    const keys = String(res.headers['surrogate-key']).split(' ');
    expect(keys).toEqual(
      expect.arrayContaining(cdnKeys([`blog:${blog.id}`, ...parts.map((p) => `article:${p.id}`)])),
    );
  });

  it('a series page at another blog, or missing, is not found', async () => {
    const other = await createBlog(t, { owner, name: 'Another blog' });
    expect((await page(`/blog/${other.id}/series/${seriesId}`)).statusCode).toBe(404);
    expect((await page(`/blog/${blog.id}/series/999999`)).statusCode).toBe(404);
  });

  it('a reorder and a rename change the stored article page and the series page', async () => {
    const [one, two, three] = parts.map((p) => p.id);
    const path = `/breakthrough/${one}`;
    await page(path);
    await storedWhen(path, (html) => text(html).includes('Part 1 of 3 — Page speed'));

    const res = await t.request({
      method: 'PUT',
      url: `/api/series/${seriesId}`,
      headers: { cookie: session.cookie },
      payload: { name: 'Faster pages', articleIds: [three, two, one] },
    });
    expect(res.statusCode, res.body).toBe(200);

    const again = await page(path);
    expect(text(again.body)).toContain('Part 3 of 3 — Faster pages');
    expect(relHref(again.body, 'prev')).toBe(`/breakthrough/${two}`);
    expect(relHref(again.body, 'next')).toBeUndefined();
    await storedWhen(path, (html) => text(html).includes('Part 3 of 3 — Faster pages'));

    const list = await page(`/blog/${blog.id}/series/${seriesId}`);
    expect(text(list.body)).toContain('Faster pages');
    expect(linkedIds(list.body, 'id="series-title"')).toEqual([three, two, one]);
  });

  it('a breakthrough leaving the series loses its navigation on its stored page', async () => {
    const [one, two, three] = parts.map((p) => p.id);
    const path = `/breakthrough/${two}`;
    await page(path);
    await storedWhen(path, (html) => text(html).includes('of 3 — Faster pages'));
    const res = await t.request({
      method: 'PUT',
      url: `/api/series/${seriesId}`,
      headers: { cookie: session.cookie },
      payload: { articleIds: [three, one] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(text((await page(path)).body)).not.toContain('Faster pages');
    expect(text((await page(`/breakthrough/${one}`)).body)).toContain('Part 2 of 2 — Faster pages');
  });

  it('a related list computed again refreshes the stored article page', async () => {
    const [first] = parts;
    if (!first) throw new Error('no parts');
    const path = `/breakthrough/${first.id}`;
    await page(path);
    await storedWhen(path, (html) => text(html).includes('Related breakthroughs'));
    const [newcomer] = await seeded(['Newcomer four']);
    if (!newcomer) throw new Error('no article');
    t.app.related.request(first.id);
    await t.app.related.settled();
    expect(linkedIds((await page(path)).body, 'Related breakthroughs')).toContain(newcomer.id);
    await storedWhen(path, (html) =>
      linkedIds(html, 'Related breakthroughs').includes(newcomer.id),
    );
  });
});
