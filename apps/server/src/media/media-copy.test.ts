import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { UploadedImage } from '@repolog/contract/media';
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { media } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { builtServer } from '../test/built-server.js';
import { createTestDatabaseLocation } from '../test/database.js';
import { createUser, signIn } from '../test/factories.js';
import { pngImage, uploadImage } from '../test/media-factories.js';
import { startTestS3, type TestS3 } from '../test/s3.js';
import { copyMediaToStore } from './media-copy.js';
import { mediaRepository } from './media.repository.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3('copied-media');
});
afterAll(() => s3.close());

/** An image row as the database-only default stores it (bytes in the row). */
async function storedRow(colour: string) {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .webp()
    .toBuffer();
  const hash = sha256(data);
  return {
    hash,
    sourceHash: sha256(Buffer.from(colour)),
    contentType: 'image/webp',
    width: 40,
    height: 30,
    size: data.length,
    data,
  };
}

describe('copying the images stored in the database to S3', () => {
  let t: TestApp;
  const images: UploadedImage[] = [];
  const damaged = 'f'.repeat(64);

  beforeAll(async () => {
    t = await buildTestApp();
    const writer = await signIn(t, await createUser(t));
    for (const colour of ['#112233', '#445566']) {
      const res = await uploadImage(t, await pngImage(120, 80, colour), { session: writer });
      images.push(res.json<UploadedImage>());
    }
    // A row whose bytes do not match its name (damaged on disk, or written by hand).
    await t.database.db.insert(media).values({
      ...(await storedRow('#778899')),
      hash: damaged,
      data: randomBytes(64),
    });
  });
  afterAll(() => t.close());

  it('verifies every copy by its hash, reports the rows that do not match, and can drop the database copies', async () => {
    const repo = mediaRepository(t.database.db);
    const result = await copyMediaToStore({ repo, store: s3.store, dropFromDatabase: true });
    expect(result).toMatchObject({ verified: 2, written: 2, dropped: 2 });
    expect(result.failed).toEqual([
      { hash: damaged, reason: 'its bytes in the database do not match its name' },
    ]);
    for (const image of images) {
      const object = await s3.store.get(`media/${image.hash}.webp`);
      expect(object && sha256(object)).toBe(image.hash);
    }
    const dropped = await t.database.db
      .select({ hash: media.hash })
      .from(media)
      .where(isNull(media.data));
    expect(dropped.map((row) => row.hash).sort()).toEqual(images.map((i) => i.hash).sort());
    // The damaged row keeps its bytes and stays unserved from the bucket.
    expect(await s3.store.has(`media/${damaged}.webp`)).toBe(false);

    // Run again: nothing left to copy but the damaged row, still reported.
    const again = await copyMediaToStore({ repo, store: s3.store, dropFromDatabase: true });
    expect(again).toMatchObject({ verified: 0, written: 0 });
    expect(again.failed).toHaveLength(1);

    // An instance with MEDIA_STORE=s3 serves them from the bucket.
    const s3App = await buildTestApp({ database: t.database, env: s3.env() });
    try {
      for (const image of images) {
        const res = await s3App.request({ method: 'GET', url: image.url });
        expect(res.statusCode).toBe(200);
        expect(sha256(res.rawPayload)).toBe(image.hash);
      }
    } finally {
      await s3App.close();
    }
  });
});

describe('npm run media:to-s3', () => {
  // A second process starts (and, on PGlite, opens the data folder): give it time.
  it('copies, verifies, and says what it did', { timeout: 300_000 }, async () => {
    const location = await createTestDatabaseLocation('pg');
    const dataDir = location.dataDir;
    const database = await openDatabase({
      url: location.url,
      dataDir: dataDir && path.join(dataDir, 'pg'),
      poolSize: 2,
    });
    const row = await storedRow('#abcdef');
    await database.db.insert(media).values(row);
    await database.close();
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--enable-source-maps', builtServer('media-copy.js'), '--drop-from-database'],
        {
          env: {
            ...process.env,
            ...s3.env(),
            DATABASE_URL: location.url ?? '',
            DATA_DIR: dataDir ?? '',
            SECRET: 'test-secret-test-secret-test-secret-0123',
          },
        },
      );
      expect(stdout).toContain('1 of 1 images have their bytes in the database.');
      expect(stdout).toContain('Verified 1 images in the bucket "copied-media" (1 written now).');
      expect(stdout).toContain("Removed the database's copy of 1 of them.");
      const object = await s3.store.get(`media/${row.hash}.webp`);
      expect(object?.equals(row.data)).toBe(true);

      const reopened = await openDatabase({
        url: location.url,
        dataDir: dataDir && path.join(dataDir, 'pg'),
      });
      const [after] = await reopened.db
        .select({ data: media.data })
        .from(media)
        .where(eq(media.hash, row.hash));
      await reopened.close();
      expect(after?.data).toBeNull();
    } finally {
      await location.drop();
    }
  });
});
