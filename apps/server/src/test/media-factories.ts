import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { media, mediaUploads } from '../db/schema.js';
import type { TestApp } from './app.js';
import type { Session } from './factories.js';

/** Text hidden in the test photos' metadata; it must never reach a stored image. */
export const METADATA_MARKER = 'REPOLOG-SECRET-OWNER';

/** A flat-coloured PNG of the given size (a screenshot stands in for any still image). */
export const pngImage = (width: number, height: number, colour = '#3b5bdb') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * A phone photo: a JPEG stored sideways (EXIF orientation 6: display rotated 90°) with the
 * camera's EXIF, a GPS position and an owner note.
 */
export const photoWithGps = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#d9480f' } })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera 9', Copyright: METADATA_MARKER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 41/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();

/** An animated GIF of `frames` frames in different colours. */
export async function animatedGif(frames = 3, size = 40): Promise<Buffer> {
  const colours = ['#e03131', '#2f9e44', '#1971c2', '#f08c00'];
  const pictures = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({
        create: { width: size, height: size, channels: 3, background: colours[i % 4] ?? '#000' },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pictures, { join: { animated: true } })
    .gif({ delay: pictures.map(() => 100), loop: 0 })
    .toBuffer();
}

/** A picture of random pixels: compresses badly, like a detailed photo. */
export const noisyImage = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

/** A JPEG whose second half is missing (an interrupted transfer). */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await noisyImage(400, 300).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A valid PNG header announcing `width` × `height` pixels, followed by a few bytes of pixel
 * data: a decompression bomb in miniature, which must be refused without being decoded.
 */
export function pngWithDimensions(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A Windows program: "MZ", a DOS stub and a PE header. */
export function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return exe;
}

export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>fetch("/api/auth/info").then(r => r.text()).then(alert)</script>' +
      '<rect width="10" height="10"/></svg>',
  );

/** Random bytes: incompressible, and never seen before. */
/**
 * Bytes that are no file: the same every run (a fixed xorshift sequence), since truly random
 * bytes now and then begin like one (a CI run's began as an MPEG audio frame, and the upload was
 * rightly refused as an .mp2 instead of as unrecognised).
 */
export function noise(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  let state = 0x2545f491;
  for (let at = 0; at < bytes; at += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[at] = state & 0xff;
  }
  return out;
}

/** A multipart/form-data body carrying one file, as a browser's FormData would send it. */
export function multipart(
  file: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----repolog${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'image.png'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/media with `file`, signed in as `session` (or as a visitor). */
export function uploadImage(
  t: TestApp,
  file: Buffer,
  options: { session?: Session; filename?: string; contentType?: string; field?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(file, options);
  return t.request({
    method: 'POST',
    url: '/api/media',
    headers: { ...body.headers, ...(options.session ? { cookie: options.session.cookie } : {}) },
    payload: body.payload,
  });
}

/** Rows of the two media tables (stored images, upload records). */
export async function mediaRowCounts(t: TestApp): Promise<{ images: number; uploads: number }> {
  const [images] = await t.database.db.select({ n: count() }).from(media);
  const [uploads] = await t.database.db.select({ n: count() }).from(mediaUploads);
  return { images: images?.n ?? 0, uploads: uploads?.n ?? 0 };
}

/** The chunk names of a WebP (RIFF) file: VP8/VP8L/VP8X, ANIM/ANMF, and EXIF/XMP/ICCP if any. */
export function webpChunks(file: Buffer): string[] {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  const names: string[] = [];
  for (let offset = 12; offset + 8 <= file.length;) {
    names.push(file.toString('latin1', offset, offset + 4));
    const size = file.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return names;
}
