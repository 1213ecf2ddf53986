import type { UploadedImage } from '@repolog/contract/media';
import { eq } from 'drizzle-orm';
import { renderMarkdown } from '@repolog/markdown/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesRepository } from '../articles/articles.repository.js';
import { articlesService } from '../articles/articles.service.js';
import type { MarkdownRenderer } from '../articles/markdown-renderer.js';
import { createEvents } from '../events.js';
import { createCacheSync } from '../plugins/cache-sync.js';
import { articles, media } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createArticle, createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { pngImage, uploadImage } from '../test/media-factories.js';
import { createImageSizer } from './media.public.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('images in breakthrough bodies', () => {
  let t: TestApp;
  let writer: Session;
  let blog: { id: number };
  let author: { id: number };
  let colour = 0;

  /** A new image (never uploaded before), uploaded now. */
  const freshImage = async (width = 320, height = 180) => {
    colour += 1;
    const res = await uploadImage(
      t,
      await pngImage(width, height, `#${(0x100000 + colour * 4099).toString(16)}`),
      {
        session: writer,
      },
    );
    expect(res.statusCode).toBe(200);
    return res.json<UploadedImage>();
  };
  const served = async (image: UploadedImage) =>
    (await t.request({ method: 'GET', url: image.url })).statusCode;

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await createUser(t);
    author = user;
    writer = await signIn(t, user);
    blog = await createBlog(t, { owner: user });
  });
  afterAll(() => t.close());

  it('removes images no breakthrough references a day after upload, and keeps the used ones', async () => {
    const used = await freshImage();
    const unused = await freshImage();
    await createArticle(t, {
      blog,
      author,
      content: `# Before and after\n\n![The graph](${used.url})`,
    });
    const start = Date.now();

    // Within the day nothing goes, referenced or not.
    expect(await t.app.mediaSweeper.sweep(new Date(start + 23 * HOUR))).toEqual({
      checked: 0,
      deleted: 0,
    });
    expect(await served(unused)).toBe(200);

    const result = await t.app.mediaSweeper.sweep(new Date(start + DAY + HOUR));
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await served(unused)).toBe(404);
    expect(await served(used)).toBe(200);
    const rows = await t.database.db.select({ hash: media.hash }).from(media);
    expect(rows.map((row) => row.hash)).not.toContain(unused.hash);
  });

  it('a re-upload restarts the day; an image later dropped from every body goes at its next check', async () => {
    const image = await freshImage();
    const article = await createArticle(t, { blog, author, content: `![](${image.url})` });
    const start = Date.now();
    // Uploaded again (pasted into another body) 20 hours later.
    await t.database.db
      .update(media)
      .set({ lastUploadedAt: new Date(start + 20 * HOUR) })
      .where(eq(media.hash, image.hash));
    await t.database.db
      .update(articles)
      .set({ content: 'No picture any more.' })
      .where(eq(articles.id, article.id));

    await t.app.mediaSweeper.sweep(new Date(start + DAY + HOUR));
    expect(await served(image)).toBe(200);

    // Referenced when first checked, then the body stopped using it: gone at the weekly re-check.
    const kept = await freshImage();
    const second = await createArticle(t, { blog, author, content: `![](${kept.url})` });
    await t.app.mediaSweeper.sweep(new Date(start + 2 * DAY));
    expect(await served(kept)).toBe(200);
    await t.database.db.delete(articles).where(eq(articles.id, second.id));
    await t.app.mediaSweeper.sweep(new Date(start + 3 * DAY));
    expect(await served(kept)).toBe(200);
    await t.app.mediaSweeper.sweep(new Date(start + 10 * DAY));
    expect(await served(kept)).toBe(404);
    expect(await served(image)).toBe(404);
  });

  it('gives stored images their width and height in rendered HTML; alt text cannot fake a size', async () => {
    const image = await freshImage(800, 450);
    const sizeImages = createImageSizer(t.database.db);
    const missing = `/media/${'f'.repeat(64)}.webp`;
    const html = [
      `<p><img src="${image.url}" alt="a width=&#x22;1&#x22; > b" title="t" loading="lazy"></p>`,
      `<p><img src="${missing}" alt="gone"></p>`,
      '<p><img src="https://example.com/a.png" alt="elsewhere"></p>',
      `<pre><code>&#x3C;img src="${image.url}"></code></pre>`,
    ].join('\n');
    expect((await sizeImages(html)).split('\n')).toEqual([
      `<p><img src="${image.url}" alt="a width=&#x22;1&#x22; > b" title="t" loading="lazy" width="800" height="450"></p>`,
      `<p><img src="${missing}" alt="gone"></p>`,
      '<p><img src="https://example.com/a.png" alt="elsewhere"></p>',
      `<pre><code>&#x3C;img src="${image.url}"></code></pre>`,
    ]);
    expect(await sizeImages('<p>No pictures.</p>')).toBe('<p>No pictures.</p>');
  });

  it('the article page carries them: width, height and lazy loading', async () => {
    const image = await freshImage(640, 480);
    const article = await createArticle(t, {
      blog,
      author,
      content: `Intro\n\n![Flame graph](${image.url})`,
    });
    // The articles service as the app builds it, with the markdown pipeline run in this thread:
    // how long its worker takes to start on a busy machine is not what this test is about.
    const markdown: MarkdownRenderer = {
      render: async (content) => renderMarkdown(content),
      html: async (content) => renderMarkdown(content),
      close: async () => undefined,
    };
    const articles = articlesService({
      repo: articlesRepository(t.database.db),
      officialBlogId: t.config.officialBlogId,
      markdown,
      sizeImages: createImageSizer(t.database.db),
      events: createEvents(() => undefined),
      cacheSync: createCacheSync(t.database, () => undefined),
    });
    expect((await articles.get(article.id, null)).contentHtml).toContain(
      `<img src="${image.url}" alt="Flame graph" loading="lazy" decoding="async" width="640" height="480">`,
    );
  });
});
