import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { createArticlesBulk } from '../test/article-factories.js';
import { createArticle, createBlog, createUser, type UserRow } from '../test/factories.js';
import { feedsRepository } from './feeds.repository.js';
import { feedsService } from './feeds.service.js';
import { excerpt } from './plain-text.js';

let t: TestApp;
let author: UserRow;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'repolog-feeds-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><!--meta--><title>x</title><!--/meta--></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ webDist });
  author = await createUser(t);
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });
const items = (xml: string) => xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
const titles = (xml: string) => items(xml).map((item) => /<title>(.*)<\/title>/.exec(item)?.[1]);

describe('GET /rss.xml', () => {
  it('is RSS 2.0 with absolute links, escaped text and official notices included', async () => {
    const blog = await createBlog(t, { owner: author, name: 'R&D <Lab>' });
    const official = await createBlog(t, { owner: author, id: 39, name: 'Repolog Official' });
    const tricky = await createArticle(t, {
      blog,
      author,
      title: 'Fast <script>alert(1)</script> & "quotes"',
      content: '# Heading\n\nUse `a < b && c` and [the docs](https://example.com).',
      about: 'C++',
      createdAt: new Date(Date.now() - 2000),
    });
    const notice = await createArticle(t, {
      blog: official,
      author,
      title: 'Maintenance tonight',
      createdAt: new Date(Date.now() - 1000),
    });

    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('<title>Repolog</title>');
    expect(xml).toContain(
      `<atom:link href="${TEST_ORIGIN}/rss.xml" rel="self" type="application/rss+xml"/>`,
    );
    expect(titles(xml).slice(0, 2)).toEqual([
      'Maintenance tonight',
      'Fast &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;',
    ]);
    expect(xml).not.toContain('<script>');
    const trickyItem = items(xml)[1] ?? '';
    expect(trickyItem).toContain(`<link>${TEST_ORIGIN}/breakthrough/${tricky.id}</link>`);
    expect(trickyItem).toContain(
      `<guid isPermaLink="true">${TEST_ORIGIN}/breakthrough/${tricky.id}</guid>`,
    );
    expect(trickyItem).toContain('<category>R&amp;D &lt;Lab&gt;</category>');
    expect(trickyItem).toContain('<category>C++</category>');
    expect(trickyItem).toContain(`<dc:creator>${author.userName}</dc:creator>`);
    expect(trickyItem).toContain(
      '<description>Heading Use a &lt; b &amp;&amp; c and the docs.</description>',
    );
    expect(trickyItem).toContain(`<pubDate>${tricky.createdAt.toUTCString()}</pubDate>`);
    expect(items(xml)[0]).toContain(`${TEST_ORIGIN}/breakthrough/${notice.id}`);
  });

  it('carries only the newest 50', async () => {
    const blog = await createBlog(t, { owner: author });
    await createArticlesBulk(t, {
      blogId: blog.id,
      authorId: author.id,
      count: 55,
      prefix: 'Feed',
      endAt: new Date(Date.now() + 86_400_000),
    });
    const xml = (await get('/rss.xml')).body;
    expect(items(xml)).toHaveLength(50);
    expect(titles(xml)[0]).toBe('Feed 55');
    expect(titles(xml)[49]).toBe('Feed 6');
  });
});

describe('GET /blog/{blogId}/rss.xml', () => {
  it("lists that blog's newest breakthroughs only", async () => {
    const blog = await createBlog(t, {
      owner: author,
      name: 'Tips & <Tricks>',
      description: 'What we learned\nthe hard way',
    });
    const other = await createBlog(t, { owner: author });
    await createArticle(t, {
      blog,
      author,
      title: 'Ours one',
      createdAt: new Date(Date.now() - 1),
    });
    await createArticle(t, { blog: other, author, title: 'Theirs' });
    await createArticle(t, { blog, author, title: 'Ours two' });

    const res = await get(`/blog/${blog.id}/rss.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body).toContain('<title>Tips &amp; &lt;Tricks&gt; · Repolog</title>');
    expect(res.body).toContain(`<link>${TEST_ORIGIN}/blog/${blog.id}</link>`);
    expect(res.body).toContain('<description>What we learned the hard way</description>');
    expect(titles(res.body)).toEqual(['Ours two', 'Ours one']);
  });

  it('answers 404 for an unknown blog', async () => {
    const res = await get('/blog/918273/rss.xml');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'This blog does not exist.',
      key: 'blogs.gone',
      params: {},
    });
    expect((await get('/blog/abc/rss.xml')).statusCode).toBe(400);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages, every blog and every article with lastmod', async () => {
    const blog = await createBlog(t, { owner: author });
    const article = await createArticle(t, { blog, author });

    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const page of ['/', '/home', '/breakthrough']) {
      expect(xml).toContain(`<url><loc>${TEST_ORIGIN}${page}</loc></url>`);
    }
    expect(xml).toContain(
      `<url><loc>${TEST_ORIGIN}/breakthrough/${article.id}</loc><lastmod>${article.updatedAt.toISOString()}</lastmod></url>`,
    );
    // A blog page changes when one of its articles does.
    expect(xml).toContain(
      `<url><loc>${TEST_ORIGIN}/blog/${blog.id}</loc><lastmod>${article.updatedAt.toISOString()}</lastmod></url>`,
    );
  });

  it('becomes an index of pages past the per-file URL limit, covering every URL once', async () => {
    const repo = feedsRepository(t.database.db);
    const small = feedsService({ repo, publicUrl: TEST_ORIGIN, sitemapMaxUrls: 7 });
    const counts = await repo.counts();
    const total = 3 + counts.blogs + counts.articles;
    const pages = Math.ceil(total / 7);

    const index = await small.sitemap(undefined);
    expect(index).toContain('<sitemapindex');
    expect(index).toContain(`<loc>${TEST_ORIGIN}/sitemap.xml?page=1</loc>`);
    expect(index).toContain(`<loc>${TEST_ORIGIN}/sitemap.xml?page=${pages}</loc>`);

    const locs: string[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const xml = await small.sitemap(page);
      const found = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(found.length).toBeLessThanOrEqual(7);
      locs.push(...found);
    }
    expect(locs).toHaveLength(total);
    expect(new Set(locs).size).toBe(total);
    await expect(small.sitemap(pages + 1)).rejects.toThrow(/page/);

    // Through HTTP, a page past the end is a 404 and a bad page a 400.
    expect((await get('/sitemap.xml?page=99')).statusCode).toBe(404);
    expect((await get('/sitemap.xml?page=x')).statusCode).toBe(400);
  });
});

describe('article page meta tags', () => {
  it('gives /breakthrough/{id} its title, a plain-text description and og:type article', async () => {
    const blog = await createBlog(t, { owner: author });
    const article = await createArticle(t, {
      blog,
      author,
      title: 'Tabs <vs> "spaces"',
      content: `## Why\n\n**Bold** claim with a [link](https://x.test) and ${'word '.repeat(60)}`,
    });
    const res = await get(`/breakthrough/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Tabs &lt;vs&gt; &quot;spaces&quot; · Repolog</title>');
    expect(res.body).toContain('<meta property="og:type" content="article" />');
    const description = /<meta name="description" content="([^"]*)"/.exec(res.body)?.[1] ?? '';
    expect(description.startsWith('Why Bold claim with a link and word word')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
  });

  it('keeps the default tags for unknown articles and other pages', async () => {
    const unknown = await get('/breakthrough/99999999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain(
      '<title>Repolog — team tech blogs from your repositories</title>',
    );
    const huge = await get('/breakthrough/99999999999999');
    expect(huge.statusCode).toBe(200);
    expect(huge.body).not.toContain('og:type" content="article"');
  });
});

describe('excerpt', () => {
  it('cuts at a word with an ellipsis', () => {
    expect(excerpt('short', 10)).toBe('short');
    expect(excerpt('one two three four', 12)).toBe('one two…');
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers in, keeps them out of personal pages, and names the sitemap absolutely', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.trim().split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /workspace');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });
});
