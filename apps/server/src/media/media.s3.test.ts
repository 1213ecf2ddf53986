import { createHash } from 'node:crypto';
import type { UploadedImage } from '@repolog/contract/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.js';
import type { Database } from '../db/client.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';
import { createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { pngImage, uploadImage } from '../test/media-factories.js';
import { startTestS3, type TestS3 } from '../test/s3.js';

const DAY = 86_400_000;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

let colour = 0x200000;
/** A PNG never uploaded before in this file. */
const freshPng = () => {
  colour += 4099;
  return pngImage(160, 90, `#${colour.toString(16)}`);
};

async function upload(t: TestApp, session: Session): Promise<UploadedImage> {
  const res = await uploadImage(t, await freshPng(), { session });
  expect(res.statusCode).toBe(200);
  return res.json<UploadedImage>();
}

const storedBytes = async (t: TestApp, hash: string) => {
  const [row] = await t.database.db
    .select({ data: media.data })
    .from(media)
    .where(eq(media.hash, hash));
  return row?.data;
};

describe('MEDIA_STORE=s3, served through the server', () => {
  let t: TestApp;
  let writer: Session;

  beforeAll(async () => {
    t = await buildTestApp({ env: s3.env() });
    writer = await signIn(t, await createUser(t));
  });
  afterAll(() => t.close());

  it('writes an uploaded image to the bucket under its name, and serves it from there', async () => {
    const image = await upload(t, writer);
    const object = await s3.store.get(`media/${image.hash}.webp`);
    expect(object && sha256(object)).toBe(image.hash);
    // The database keeps the description, not the bytes.
    expect(await storedBytes(t, image.hash)).toBeNull();

    const res = await t.request({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(sha256(res.rawPayload)).toBe(image.hash);
  });

  it('answers 404 (not 500) for an image whose object is gone from the bucket', async () => {
    const image = await upload(t, writer);
    await s3.store.delete([`media/${image.hash}.webp`]);
    const res = await t.request({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ key: 'media.notFound' });
  });

  it('deletes the object with the row when the clean-up removes an unused image', async () => {
    const image = await upload(t, writer);
    await t.app.mediaSweeper.sweep(new Date(Date.now() + 2 * DAY));
    expect(await s3.store.has(`media/${image.hash}.webp`)).toBe(false);
    expect((await t.request({ method: 'GET', url: image.url })).statusCode).toBe(404);

    // Uploaded again, it is written again.
    const again = await uploadImage(t, await pngImage(160, 90, `#${colour.toString(16)}`), {
      session: writer,
    });
    expect(again.json<UploadedImage>()).toMatchObject({ hash: image.hash, created: true });
    expect(await s3.store.has(`media/${image.hash}.webp`)).toBe(true);
  });

  it('keeps share cards in the bucket', async () => {
    const owner = await createUser(t);
    const blog = await createBlog(t, { owner, name: 'Bucket Lab' });
    const moved = await t.request({
      method: 'GET',
      url: `/og/blog/${blog.id}/AAAAAAAAAAAAAAAA.png`,
    });
    const current = String(moved.headers.location);
    const card = await t.request({ method: 'GET', url: current });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    const name = /\/og\/blog\/(\d+)\/([\w-]{16})\.png$/.exec(current);
    const object = await s3.store.get(`cards/blog-${name?.[1]}-${name?.[2]}.png`);
    expect(object?.equals(card.rawPayload)).toBe(true);
  });
});

describe('MEDIA_STORE=s3 with MEDIA_PUBLIC_URL', () => {
  let t: TestApp;
  let writer: Session;
  let publicUrl: string;

  beforeAll(async () => {
    publicUrl = `${s3.endpoint}/${s3.bucket}`;
    t = await buildTestApp({ env: s3.env({ MEDIA_PUBLIC_URL: publicUrl }) });
    writer = await signIn(t, await createUser(t));
  });
  afterAll(() => t.close());

  it('sends readers to the public address, where the image is', async () => {
    const image = await upload(t, writer);
    const res = await t.request({ method: 'GET', url: image.url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${publicUrl}/media/${image.hash}.webp`);
    const fetched = await fetch(String(res.headers.location));
    expect(fetched.status).toBe(200);
    expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(image.hash);

    // The pages may show images from there.
    const page = await t.request({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain(
      `img-src 'self' data: https: ${s3.endpoint}`,
    );
  });

  it('answers 404 for an image it never stored, and redirects share cards too', async () => {
    const res = await t.request({ method: 'GET', url: `/media/${'0'.repeat(64)}.webp` });
    expect(res.statusCode).toBe(404);

    const owner = await createUser(t);
    const blog = await createBlog(t, { owner, name: 'CDN Lab' });
    const moved = await t.request({
      method: 'GET',
      url: `/og/blog/${blog.id}/AAAAAAAAAAAAAAAA.png`,
    });
    const card = await t.request({ method: 'GET', url: String(moved.headers.location) });
    expect(card.statusCode).toBe(302);
    const fetched = await fetch(String(card.headers.location));
    expect(fetched.headers.get('content-type')).toBe('image/png');
  });
});

describe('a bucket that cannot be used stops the start with a sentence naming the setting', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it.each([
    ['an unreachable endpoint', { S3_ENDPOINT: 'http://127.0.0.1:9' }, /^S3_ENDPOINT: /],
    [
      'a bucket that does not exist',
      { S3_BUCKET: 'no-such-bucket' },
      /^S3_BUCKET: the bucket "no-such-bucket" does not exist/,
    ],
    [
      'keys without write permission',
      { S3_ACCESS_KEY_ID: 'NOT-A-KEY' },
      /^S3_BUCKET: Repolog may not write to the bucket "repolog-media".*S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY/,
    ],
  ])('%s', async (_case, wrong, sentence) => {
    await expect(buildTestApp({ database, env: s3.env(wrong) })).rejects.toThrow(sentence);
  });

  it('MEDIA_STORE=s3 without a bucket is refused when the settings are read', async () => {
    await expect(buildTestApp({ database, env: { MEDIA_STORE: 's3' } })).rejects.toThrow(
      'S3_BUCKET is required when MEDIA_STORE=s3.',
    );
  });
});
