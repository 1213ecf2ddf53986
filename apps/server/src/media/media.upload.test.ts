import type { UploadedImage } from '@repolog/contract/media';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media, mediaUploads } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createUser, signIn, type Session } from '../test/factories.js';
import {
  animatedGif,
  METADATA_MARKER,
  mediaRowCounts,
  noise,
  photoWithGps,
  pngImage,
  pngWithDimensions,
  svgWithScript,
  truncatedJpeg,
  uploadImage,
  webpChunks,
  windowsExecutable,
} from '../test/media-factories.js';

const MB = 1024 * 1024;

describe('POST /api/media', () => {
  let t: TestApp;
  let writer: Session;

  beforeAll(async () => {
    t = await buildTestApp();
    writer = await signIn(t, await createUser(t));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(mediaUploads);
    await t.database.db.delete(media);
  });

  const upload = (file: Buffer, options: Parameters<typeof uploadImage>[2] = {}) =>
    uploadImage(t, file, { session: writer, ...options });

  it('stores a pasted screenshot as WebP and serves it immutable, with its ETag and type', async () => {
    const res = await upload(await pngImage(640, 360), { filename: 'image.png' });
    expect(res.statusCode).toBe(200);
    const image = res.json<UploadedImage>();
    expect(image).toMatchObject({
      url: `/media/${image.hash}.webp`,
      contentType: 'image/webp',
      width: 640,
      height: 360,
      created: true,
    });

    const served = await t.request({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers.etag).toBe(`"${image.hash}"`);
    expect(served.rawPayload.length).toBe(image.size);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 360,
    });

    const again = await t.request({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': `"${image.hash}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('applies the orientation and strips EXIF and GPS from a phone photo (read from the bytes)', async () => {
    const photo = await photoWithGps(300, 200);
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(METADATA_MARKER)).toBe(true);

    const image = (
      await upload(photo, { filename: 'IMG_0001.jpg', contentType: 'image/jpeg' })
    ).json<UploadedImage>();
    // Stored upright: the sideways 300 × 200 picture is displayed 200 × 300.
    expect([image.width, image.height]).toEqual([200, 300]);
    const bytes = (await t.request({ method: 'GET', url: image.url })).rawPayload;
    expect(webpChunks(bytes).filter((chunk) => /EXIF|XMP|ICCP/.test(chunk))).toEqual([]);
    expect(bytes.includes(METADATA_MARKER)).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([200, 300]);
  });

  it('scales the longest side down to 2000 pixels, never up', async () => {
    const wide = (await upload(await pngImage(3000, 1200))).json<UploadedImage>();
    expect([wide.width, wide.height]).toEqual([2000, 800]);
    const small = (await upload(await pngImage(120, 80, '#fff'))).json<UploadedImage>();
    expect([small.width, small.height]).toEqual([120, 80]);
  });

  it('keeps an animated GIF animated, and accepts WebP and AVIF', async () => {
    const gif = (
      await upload(await animatedGif(3), { filename: 'loop.gif' })
    ).json<UploadedImage>();
    const frames = await sharp((await t.request({ method: 'GET', url: gif.url })).rawPayload, {
      animated: true,
    }).metadata();
    expect(frames.pages).toBe(3);
    expect([gif.width, gif.height]).toEqual([40, 40]);

    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#0ca678' } });
    for (const file of [
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const res = await upload(file, { filename: 'picture' });
      expect(res.statusCode).toBe(200);
      expect(res.json<UploadedImage>()).toMatchObject({ width: 64, height: 48 });
    }
  });

  it('answers a re-upload of the same bytes with the stored image: no second row', async () => {
    const file = await pngImage(200, 100, '#845ef7');
    const first = (await upload(file)).json<UploadedImage>();
    const second = await upload(file, { filename: 'same-again.png' });
    expect(second.statusCode).toBe(200);
    expect(second.json<UploadedImage>()).toEqual({ ...first, created: false });
    const other = await signIn(t, await createUser(t));
    expect((await uploadImage(t, file, { session: other })).json<UploadedImage>().hash).toBe(
      first.hash,
    );
    expect(await mediaRowCounts(t)).toEqual({ images: 1, uploads: 3 });
  });

  describe('refuses bad input with a 4xx naming the problem, storing nothing', () => {
    const refusals: [string, () => Promise<Buffer>, Record<string, string>, number, RegExp][] = [
      [
        'a .exe renamed .png',
        async () => windowsExecutable(),
        { filename: 'cat.png' },
        415,
        /\.exe file/,
      ],
      [
        'an SVG with a script',
        async () => svgWithScript(),
        { filename: 'logo.png', contentType: 'image/png' },
        415,
        /SVG image, which can carry scripts.*PNG, JPEG, GIF, WebP or AVIF/,
      ],
      [
        'random bytes',
        async () => noise(4096),
        { filename: 'photo.jpg' },
        415,
        /not an image we recognise/,
      ],
      [
        'a truncated JPEG',
        truncatedJpeg,
        { filename: 'half.jpg', contentType: 'image/jpeg' },
        400,
        /JPEG image but could not be read: it is damaged or incomplete/,
      ],
      [
        'a 12,000 × 12,000 PNG (decompression bomb)',
        async () => pngWithDimensions(12_000, 12_000),
        {},
        413,
        /12000 × 12000 pixels \(144 megapixels\); at most 40 megapixels/,
      ],
      ['a 20 MB file', async () => noise(20 * MB), {}, 413, /larger than 10 MB/],
      // Just over the limit: refused while it is read, not from its declared length.
      ['a file 1 KB over 10 MB', async () => noise(10 * MB + 1024), {}, 413, /larger than 10 MB/],
      ['an empty file', async () => Buffer.alloc(0), {}, 400, /The file is empty/],
    ];

    it.each(refusals)('%s', async (_name, make, options, status, message) => {
      const res = await upload(await make(), options);
      expect(res.statusCode).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
      expect(res.json<{ key: string }>().key).toMatch(/^media\./);
      expect(await mediaRowCounts(t)).toEqual({ images: 0, uploads: 0 });
    });

    it('an upload by a visitor (401), or not sent as a form (415), or in another field (400)', async () => {
      const file = await pngImage(10, 10);
      const visitor = await uploadImage(t, file);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ error: 'unauthenticated' });

      const json = await t.request({
        method: 'POST',
        url: '/api/media',
        headers: { cookie: writer.cookie },
        payload: { file: file.toString('base64') },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json<{ message: string }>().message).toMatch(/multipart\/form-data.*'file'/);

      const wrongField = await upload(file, { field: 'image' });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json<{ message: string }>().message).toMatch(/form field 'file'/);
      expect(await mediaRowCounts(t)).toEqual({ images: 0, uploads: 0 });
    });
  });

  it('answers 404 for an image that does not exist and for names that are not images', async () => {
    for (const name of [
      `${'0'.repeat(64)}.webp`,
      'x.webp',
      `${'a'.repeat(64)}.png`,
      '..%2Fsecret',
    ]) {
      const res = await t.request({ method: 'GET', url: `/media/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});
