import type { UploadedImage } from '@repolog/contract/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('keeps an image only a draft or a past revision shows', async () => {
    const inDraft = await freshImage();
    const inRevision = await freshImage();
    const draft = await t.request({
      method: 'POST',
      url: `/api/blog/${blog.id}/drafts`,
      headers: { cookie: writer.cookie },
      payload: { title: 'Half written', content: `![Screenshot](${inDraft.url})` },
    });
    expect(draft.statusCode).toBe(200);
    const posted = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: writer.cookie },
      payload: { blogId: blog.id, title: 'Before', content: `![Old](${inRevision.url})` },
    });
    expect(posted.statusCode).toBe(200);
    const { articleId } = posted.json<{ articleId: number }>();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/article/${articleId}`,
      headers: { cookie: writer.cookie },
      payload: { title: 'After', content: 'The picture is gone from the body.' },
    });
    expect(edited.statusCode).toBe(200);

    await t.app.mediaSweeper.sweep(new Date(Date.now() + DAY + HOUR));
    expect(await served(inDraft)).toBe(200);
    expect(await served(inRevision)).toBe(200);
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
    // Posted through the API: the body is rendered once, at write, and stored with the sizes.
    const posted = await t.request({
      method: 'POST',
      url: '/api/article',
      headers: { cookie: writer.cookie },
      payload: {
        blogId: blog.id,
        title: 'Sized',
        content: `Intro\n\n![Flame graph](${image.url})`,
      },
    });
    expect(posted.statusCode).toBe(200);
    const { articleId } = posted.json<{ articleId: number }>();
    const page = await t.request({ method: 'GET', url: `/api/article/breakthrough/${articleId}` });
    expect(page.json<{ contentHtml: string }>().contentHtml).toContain(
      `<img src="${image.url}" alt="Flame graph" loading="lazy" decoding="async" width="640" height="480">`,
    );
  });
});
