import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../plugins/security.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { renderCard } from './share-card.js';
import { postComment } from '../test/comment-factories.js';
import { openSharedTestDatabases } from '../test/database.js';
import {
  createArticle,
  createBlog,
  createUser,
  signIn,
  type BlogRow,
  type Session,
  type UserRow,
} from '../test/factories.js';

let t: TestApp;
let author: UserRow;
let session: Session;
let blog: BlogRow;

/**
 * The markdown worker starts cold (its highlighter loads on first use); on a busy machine the
 * first renders can pass its time limit and fall back to plain text. Warm it up (within a time
 * budget) and return a body it has rendered: edits reuse it, so their check is a cache hit.
 */
async function warmMarkdown(app: TestApp, owner: UserRow, into: BlogRow): Promise<string> {
  let attempt = 0;
  return vi
    .waitFor(
      async () => {
        attempt += 1;
        const content = `## Warm ${attempt}\n\nReady.`;
        const article = await createArticle(app, { blog: into, author: owner, content });
        const res = await app.request({
          method: 'GET',
          url: `/api/article/breakthrough/${article.id}`,
        });
        if (!res.json<{ contentHtml: string }>().contentHtml.startsWith('<h2')) {
          throw new Error('the markdown worker is not warm yet');
        }
        return content;
      },
      { timeout: 45_000, interval: 0 },
    )
    .catch(() => 'Ready.');
}

let rendered = 'Ready.';

/**
 * PUT /api/article/{id} as `cookie`. On a busy machine the markdown worker's time limit can
 * refuse a body (400) that renders fine a moment later: the edit is sent again, at most 5 times.
 */
async function edit(app: TestApp, cookie: string, id: number, payload: Record<string, unknown>) {
  let res = await app.request({
    method: 'PUT',
    url: `/api/article/${id}`,
    headers: { cookie },
    payload,
  });
  for (
    let tries = 0;
    res.statusCode === 400 && res.body.includes('cannot be displayed') && tries < 5;
    tries += 1
  ) {
    res = await app.request({
      method: 'PUT',
      url: `/api/article/${id}`,
      headers: { cookie },
      payload,
    });
  }
  return res;
}

beforeAll(async () => {
  t = await buildTestApp({ builtWeb: true });
  author = await createUser(t);
  session = await signIn(t, author);
  blog = await createBlog(t, { owner: author, name: 'Render Lab' });
  rendered = await warmMarkdown(t, author, blog);
}, 120_000);
afterAll(() => t.close());

const word = () => `w${randomBytes(4).toString('hex')}`;
const page = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });
/** The text a reader without JavaScript sees: the document's body, tags and entities gone. */
const bodyText = (html: string) =>
  (html.split('<body>')[1] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const metaContent = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
const jsonLd = (html: string) =>
  JSON.parse(
    /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as Record<string, unknown> | null;
/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('server-rendered pages, read without JavaScript', () => {
  it('an article page carries its title, blog name, body and comments, and its data', async () => {
    const title = `Render ${word()}`;
    const article = await createArticle(t, {
      blog,
      author,
      title,
      content: '## Why it broke\n\nThe cache key **forgot** the language.',
      about: 'Kotlin',
    });
    await postComment(t, session, article.id, 'Saved my afternoon, thanks');

    const res = await page(`/breakthrough/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // #root holds exactly the app's HTML: a stray whitespace node would fail hydration.
    // The footer is an island (a Suspense boundary: React's markers around it).
    expect(res.body).toMatch(
      /<div id="root"><header class="site-header">[\s\S]*<\/footer>(<!--\/\$-->)?<\/div>/,
    );
    const text = bodyText(res.body);
    expect(text).toContain(title);
    expect(text).toContain('Render Lab');
    expect(text).toContain('Why it broke');
    // (Rendered, or as plain text if a busy machine made the markdown worker give up.)
    expect(text).toMatch(/The cache key (\*\*)?forgot(\*\*)? the language\./);
    expect(text).toContain('Saved my afternoon, thanks');
    expect(text).toContain('If you are curious about which blog this article is from,');
    // The browser adopts this HTML with the data it shows.
    expect(res.body).toMatch(/<script type="application\/json" id="repolog-state">/);
    expect(res.body).toContain(`href="/blog/${blog.id}"`);
  });

  it('a blog page lists its breakthroughs', async () => {
    const titles = [`First ${word()}`, `Second ${word()}`];
    const own = await createBlog(t, { owner: author, name: `Blog ${word()}` });
    for (const title of titles) await createArticle(t, { blog: own, author, title });
    const res = await page(`/blog/${own.id}`);
    expect(res.statusCode).toBe(200);
    const text = bodyText(res.body);
    for (const title of titles) expect(text).toContain(title);
    expect(text).toContain('The Breakthroughs (2)');
    expect(text).toContain('Project Members');
  });

  it('a list page shows ten items and real links to the next page and to each language', async () => {
    const tag = word();
    const list = await createBlog(t, { owner: author });
    for (let n = 1; n <= 12; n += 1) {
      await createArticle(t, {
        blog: list,
        author,
        title: `${tag} note ${String(n).padStart(2, '0')}`,
        about: 'Swift',
        createdAt: new Date(Date.now() - (20 - n) * 1000),
      });
    }
    const first = await page(`/breakthrough?q=${tag}`);
    expect(first.statusCode).toBe(200);
    const items = bodyText(first.body).match(new RegExp(`${tag} note \\d\\d`, 'g')) ?? [];
    expect(items).toHaveLength(10);
    expect(items[0]).toBe(`${tag} note 12`);
    expect(first.body).toContain(`href="/breakthrough?q=${tag}&amp;page=2"`);
    expect(first.body).toContain(`href="?q=${tag}&amp;lang=Swift"`);

    const second = await page(`/breakthrough?q=${tag}&page=2`);
    expect(bodyText(second.body).match(new RegExp(`${tag} note \\d\\d`, 'g'))).toEqual([
      `${tag} note 02`,
      `${tag} note 01`,
    ]);
  });

  it('a long article arrives in place, with no inline script to run', async () => {
    const paragraph = 'Measure first, then cache what the profile shows. '.repeat(8);
    const article = await createArticle(t, {
      blog,
      author,
      title: `Long ${word()}`,
      content: Array.from({ length: 80 }, (_, n) => `## Step ${n}\n\n${paragraph}`).join('\n\n'),
    });
    const res = await page(`/breakthrough/${article.id}`);
    expect(res.body.length).toBeGreaterThan(40_000);
    expect(bodyText(res.body)).toContain('Step 79');
    // The Content-Security-Policy runs no inline script but the color theme's, by its hash:
    // data blocks and files otherwise.
    const runnable = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, tag = '']) => !/type="application\/(ld\+)?json"/.test(tag) && !/\ssrc=/.test(tag))
      .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    expect(runnable).toHaveLength(1);
    expect(runnable).toEqual(INLINE_SCRIPT_HASHES);
    expect(res.headers['content-security-policy']).toContain(
      `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')};`,
    );
  });

  it('a rendered page names its code for after the first paint; the app shell loads it at once', async () => {
    const rendered = (await page('/breakthrough')).body;
    expect(rendered).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const entry = /<meta name="repolog-code" content="(\/assets\/[^"]+\.js)" \/>/.exec(
      rendered,
    )?.[1];
    expect(entry).toBeDefined();
    expect(
      rendered.match(/<meta name="repolog-code" content="\/assets\/[^"]+\.js" \/>/g)?.length,
    ).toBeGreaterThan(0);
    expect(rendered).toContain('<script src="/boot.js" defer></script>');
    const boot = await page('/boot.js');
    expect(boot.statusCode).toBe(200);
    expect(boot.body).toContain('repolog-code');
    // A page only the browser renders (the workspace) loads its code as it always did.
    const shell = (await page('/workspace')).body;
    expect(shell).toContain(`<script type="module" crossorigin src="${entry}"></script>`);
    expect(shell).not.toContain('/boot.js');
  });

  it('the start and home pages have their texts', async () => {
    expect(bodyText((await page('/')).body)).toContain('Tailored for developers');
    const home = bodyText((await page('/home')).body);
    expect(home).toContain("Top 10 of Today's Breakthroughs");
    expect(home).toContain("Top 10 of Today's Blog");
  });

  it('signed-in readers get the very same HTML as visitors', async () => {
    const article = await createArticle(t, { blog, author, title: `Same ${word()}` });
    // The clock stands still, so the kept page cannot expire between the two reads.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const visitor = await page(`/breakthrough/${article.id}`);
    const member = await page(`/breakthrough/${article.id}`, { cookie: session.cookie });
    vi.useRealTimers();
    expect(member.body).toBe(visitor.body);
    // The author's own menu is never in the shared HTML.
    expect(member.body).not.toContain('Breakthrough options');
  });

  it('a missing breakthrough is a 404 page that says so, left for the browser to render', async () => {
    const res = await page('/breakthrough/2147483000');
    expect(res.statusCode).toBe(404);
    expect(bodyText(res.body)).toContain('Breakthrough not found.');
    expect(res.body).not.toContain('id="repolog-state"');
    expect((await page('/blog/0')).statusCode).toBe(404);
  });
});

describe("server-rendered pages in the reader's language", () => {
  const KOREAN = 'ko-KR,ko;q=0.9,en;q=0.8';
  /** The top bar's navigation, as the HTML carries it. */
  const nav = (html: string) => bodyText(`<body>${/<nav[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''}`);

  it('a Korean browser gets the page in Korean, with the Korean texts loading beside the entry', async () => {
    const res = await page('/breakthrough', { 'accept-language': KOREAN });
    expect(res.body).toContain('<html lang="ko">');
    expect(nav(res.body)).toContain('브레이크스루');
    expect(nav(res.body)).not.toContain('Breakthrough');
    expect(res.body).toContain('<title>Repolog — 저장소에서 만드는 팀 기술 블로그</title>');
    expect(String(res.headers.vary)).toContain('Accept-Language');
  });

  it('the remembered choice wins over the browser, and English pages load no Korean', async () => {
    const korean = await page('/breakthrough', { 'accept-language': KOREAN });
    const english = await page('/breakthrough', {
      'accept-language': KOREAN,
      cookie: 'lang=en',
    });
    expect(english.body).toContain('<html lang="en">');
    expect(nav(english.body)).toContain('Breakthrough');
    const preloads = (html: string): string[] =>
      html.match(/<meta name="repolog-code"[^>]*>/g) ?? [];
    const koreanOnly = preloads(korean.body).filter((tag) => !preloads(english.body).includes(tag));
    expect(koreanOnly).toHaveLength(1);
    expect((await page('/breakthrough', { cookie: 'lang=ko' })).body).toContain('<html lang="ko">');
    // An unknown remembered value falls back to the browser's languages.
    expect(
      (await page('/home', { cookie: 'lang=xx', 'accept-language': 'fr, ko;q=0.5' })).body,
    ).toContain('<html lang="ko">');
  });

  it('pages rendered at the same moment in both languages each come whole in their own', async () => {
    const articles = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) =>
        createArticle(t, { blog, author, title: `Both ${n} ${word()}` }),
      ),
    );
    const pages = await Promise.all(
      articles.map((article, n) =>
        page(`/breakthrough/${article.id}`, n % 2 ? { cookie: 'lang=ko' } : { cookie: 'lang=en' }),
      ),
    );
    pages.forEach((res, n) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(n % 2 ? '<html lang="ko">' : '<html lang="en">');
      expect(nav(res.body)).toContain(n % 2 ? '브레이크스루' : 'Breakthrough');
      expect(nav(res.body)).not.toContain(n % 2 ? 'Breakthrough' : '브레이크스루');
    });
  });
});

describe('share cards and link previews', () => {
  it('a link preview bot gets the title, description and a 1200 × 630 PNG card', async () => {
    const article = await createArticle(t, {
      blog,
      author,
      title: `Preview ${word()}`,
      content: 'Warm caches before the morning rush.',
      about: 'Java',
    });
    const res = await page(`/breakthrough/${article.id}`, {
      'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    });
    expect(metaContent(res.body, 'og:title')).toBe(`${article.title} · Repolog`);
    expect(metaContent(res.body, 'og:description')).toBe('Warm caches before the morning rush.');
    expect(metaContent(res.body, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(res.body, 'og:image') ?? '';
    expect(image).toMatch(new RegExp(`/og/breakthrough/${article.id}/[\\w-]{16}\\.png$`));
    expect(jsonLd(res.body)).toMatchObject({
      '@type': 'BlogPosting',
      headline: article.title,
      image,
      isPartOf: { '@type': 'Blog', name: 'Render Lab' },
    });

    const card = await page(new URL(image).pathname);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(pngSize(card.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('renders a card for a Korean title', async () => {
    const article = await createArticle(t, {
      blog,
      author,
      title: '캐시 키에 언어를 넣지 않아 생긴 버그',
    });
    const html = (await page(`/breakthrough/${article.id}`)).body;
    const card = await page(new URL(metaContent(html, 'og:image') ?? '').pathname);
    expect(card.statusCode).toBe(200);
    expect(pngSize(card.rawPayload)).toEqual({ width: 1200, height: 630 });
    // The glyphs are drawn: a font without Hangul paints the same empty box for every syllable,
    // so the title with each syllable swapped for the next one would give the very same picture.
    const other = await renderCard({
      kind: 'breakthrough',
      title: article.title.replace(/[가-힢]/g, (syllable) =>
        String.fromCharCode(syllable.charCodeAt(0) + 1),
      ),
      subtitle: 'Render Lab',
      language: null,
      date: article.createdAt.toISOString().slice(0, 10),
    });
    expect(pngSize(other)).toEqual({ width: 1200, height: 630 });
    expect(other.equals(card.rawPayload)).toBe(false);
  });

  it('a blog page has its card and Blog JSON-LD naming its breakthroughs', async () => {
    const own = await createBlog(t, { owner: author, name: `Cards ${word()}` });
    const post = await createArticle(t, { blog: own, author, title: `Post ${word()}` });
    const html = (await page(`/blog/${own.id}`)).body;
    expect(metaContent(html, 'og:image')).toMatch(
      new RegExp(`/og/blog/${own.id}/[\\w-]{16}\\.png$`),
    );
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Blog',
      name: own.name,
      blogPost: [{ '@type': 'BlogPosting', headline: post.title }],
    });
  });

  it('a new title shows at once on the cached page, with a new card address; the old one redirects', async () => {
    const article = await createArticle(t, { blog, author, title: `Before ${word()}` });
    const before = (await page(`/breakthrough/${article.id}`)).body;
    const oldCard = new URL(metaContent(before, 'og:image') ?? '').pathname;

    const title = `After ${word()}`;
    const edited = await edit(t, session.cookie, article.id, { title, content: rendered });
    expect(edited.statusCode, edited.body).toBe(200);

    const after = (await page(`/breakthrough/${article.id}`)).body;
    expect(bodyText(after)).toContain(title);
    const newCard = new URL(metaContent(after, 'og:image') ?? '').pathname;
    expect(newCard).not.toBe(oldCard);
    const moved = await page(oldCard);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(newCard);
  });

  it('a new comment shows at once on the cached article page', async () => {
    const article = await createArticle(t, { blog, author, title: `Thread ${word()}` });
    expect(bodyText((await page(`/breakthrough/${article.id}`)).body)).toContain(
      'There is no Comment!',
    );
    const text = `Comment ${word()}`;
    await postComment(t, session, article.id, text);
    expect(bodyText((await page(`/breakthrough/${article.id}`)).body)).toContain(text);
  });

  it('refuses a card address that is not one', async () => {
    expect((await page('/og/breakthrough/1/nope.png')).statusCode).toBe(400);
    expect((await page('/og/blog/2147483000/AAAAAAAAAAAAAAAA.png')).statusCode).toBe(404);
  });
});

describe('server-rendered pages across two instances on one database', () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    shared = await openSharedTestDatabases();
    a = await buildTestApp({ database: shared.first, builtWeb: true });
    b = await buildTestApp({ database: shared.second, builtWeb: true });
    const owner = await createUser(b);
    rendered = await warmMarkdown(b, owner, await createBlog(b, { owner }));
  }, 120_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });
  afterEach(() => vi.useRealTimers());

  it('an edit on B shows at once on the page A keeps, though A’s clock stands still', async () => {
    const owner = await createUser(a);
    const onB = await signIn(b, owner);
    const own = await createBlog(a, { owner, name: `Shared ${word()}` });
    const article = await createArticle(a, { blog: own, author: owner, title: `Old ${word()}` });
    // Nothing on A expires by itself: only B's message can drop A's page.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const readOnA = async () =>
      bodyText((await a.request({ method: 'GET', url: `/breakthrough/${article.id}` })).body);
    expect(await readOnA()).toContain(article.title);

    const title = `New ${word()}`;
    const edited = await edit(b, onB.cookie, article.id, { title, content: rendered });
    expect(edited.statusCode, edited.body).toBe(200);

    await expect.poll(readOnA, { timeout: 10_000, interval: 25 }).toContain(title);
  });
});
