import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '@repolog/contract/users';
import { users } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser, type UserRow } from '../test/factories.js';

// The profile page as the server renders it (run `npm run build` first: it uses the built web app).

let t: TestApp;
let writer: UserRow;

beforeAll(async () => {
  t = await buildTestApp({ builtWeb: true });
  writer = await createUser(t, { userName: 'Page-Writer' });
  await t.database.db
    .update(users)
    .set({ displayName: 'Page Writer & Co' })
    .where(eq(users.id, writer.id));
  const blog = await createBlog(t, { owner: writer, name: 'Writer Notes' });
  const team = await createBlog(t, { owner: await createUser(t), members: [writer], name: 'Team' });
  for (let n = 1; n <= 12; n += 1) {
    await createArticle(t, {
      blog: n % 3 === 0 ? team : blog,
      author: writer,
      title: `Page note ${String(n).padStart(2, '0')}`,
      createdAt: new Date(Date.now() - (20 - n) * 1000),
    });
  }
}, 120_000);
afterAll(() => t.close());

const page = (url: string) => t.request({ method: 'GET', url });
/** The text a reader without JavaScript sees: the document's body, tags and entities gone. */
const bodyText = (html: string) =>
  (html.split('<body>')[1] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const notes = (html: string) => bodyText(html).match(/Page note \d\d/g) ?? [];
const state = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="repolog-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | null;

describe('/user/{login}, rendered on the server', () => {
  it('shows the name, counts, blogs and the newest ten breakthroughs, with their data', async () => {
    const res = await page('/user/page-writer');
    expect(res.statusCode).toBe(200);
    const text = bodyText(res.body);
    expect(text).toContain('Page Writer & Co');
    expect(text).toContain('Page-Writer');
    expect(text).toContain('Breakthroughs 12');
    expect(text).toContain('Breakthroughs (12)');
    expect(res.body).toMatch(/<a [^>]*href="\/blog\/\d+"[^>]*>Writer Notes<\/a>/);
    expect(res.body).toMatch(/<a [^>]*href="\/blog\/\d+"[^>]*>Team<\/a>/);
    expect(notes(res.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Page note ${String(12 - i).padStart(2, '0')}`),
    );
    // A real link to the next page, for readers without JavaScript and crawlers.
    expect(res.body).toContain('href="/user/page-writer?page=2"');

    // Title and description as the meta tags say, with the login as GitHub spells it.
    expect(res.body).toContain('<title>Page Writer &amp; Co (Page-Writer) · Repolog</title>');
    expect(res.body).toContain(
      '<meta name="description" content="Page Writer &amp; Co (Page-Writer) on Repolog: 12 breakthroughs, writing in Writer Notes, Team." />',
    );
    expect(res.body).toContain(
      '<link rel="canonical" href="http://localhost:3000/user/Page-Writer" />',
    );

    // The browser adopts the HTML with the data it shows: the profile and the page of the list.
    const queries = state(res.body)?.queries ?? [];
    const profile = queries.find((q) => q.queryKey[1] === 'profile')?.state.data as UserProfile;
    expect(profile).toMatchObject({ login: 'Page-Writer', counts: { breakthroughs: 12 } });
    expect(queries.map((q) => q.queryKey)).toContainEqual([
      'users',
      'breakthroughs',
      'page-writer',
      1,
    ]);
  });

  it('renders the page in the address', async () => {
    const res = await page('/user/Page-Writer?page=2');
    expect(res.statusCode).toBe(200);
    expect(notes(res.body)).toEqual(['Page note 02', 'Page note 01']);
    expect(res.body).toContain('href="/user/Page-Writer"');
  });

  it('answers an unknown or impossible login with a 404 page that says so', async () => {
    // Unknown: left for the browser to render afresh (it asks the API itself).
    const unknown = await page('/user/nobody-here-at-all');
    expect(unknown.statusCode).toBe(404);
    expect(bodyText(unknown.body)).toContain('User not found.');
    expect(unknown.body).not.toContain('id="repolog-state"');
    // Impossible: the browser shows the same without asking anything.
    const impossible = await page('/user/not_a_login');
    expect(impossible.statusCode).toBe(404);
    expect(bodyText(impossible.body)).toContain('User not found.');
  });
});
