import type { UploadedImage } from '@repolog/contract/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, mediaUploads } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createUser, signIn } from '../test/factories.js';
import { mediaRowCounts, noisyImage, pngImage, uploadImage } from '../test/media-factories.js';
import { createImageEncoder, type ImageEncoder } from './image-encoder.js';
import { mediaRepository } from './media.repository.js';
import { mediaService } from './media.service.js';

const HOUR = 3_600_000;

describe('per-person upload limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Small limits keep the test short: 3 uploads an hour, 4 KB of images in all.
    t = await buildTestApp({ env: { MEDIA_UPLOADS_PER_HOUR: '3', MEDIA_QUOTA_MB: '0.00390625' } });
  });
  afterAll(() => t.close());

  it('refuses the upload past the hourly limit with 429 and when it frees up; older uploads do not count', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    for (const colour of ['#111', '#222', '#333']) {
      expect((await uploadImage(t, await pngImage(8, 8, colour), { session })).statusCode).toBe(
        200,
      );
    }
    const fourth = await uploadImage(t, await pngImage(8, 8, '#444'), { session });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ message: string }>().message).toMatch(
      /uploaded 3 images in the last hour, the most allowed\. Try again in (59|60) minutes\./,
    );
    const rows = await t.database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.userId, user.id));
    expect(rows).toHaveLength(3);

    // An hour later those uploads no longer count.
    await t.database.db
      .update(mediaUploads)
      .set({ createdAt: new Date(Date.now() - HOUR - 1000) })
      .where(eq(mediaUploads.userId, user.id));
    expect((await uploadImage(t, await pngImage(8, 8, '#444'), { session })).statusCode).toBe(200);
  });

  it('refuses an image that would pass the storage quota with 413; one already held costs nothing', async () => {
    const session = await signIn(t, await createUser(t));
    const small = await pngImage(16, 16, '#0b7285');
    const held = (await uploadImage(t, small, { session })).json<UploadedImage>();
    expect(held.size).toBeLessThan(1024);

    const before = await mediaRowCounts(t);
    const photo = await noisyImage(300, 300).png().toBuffer();
    const refused = await uploadImage(t, photo, { session });
    expect(refused.statusCode).toBe(413);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Your images take \d+ bytes of the 4 KB each person may store, and this one needs \d+(\.\d)? KB more\./,
    );
    expect(await mediaRowCounts(t)).toEqual(before);

    // Re-uploading an image already held adds no bytes, so it is still accepted.
    const again = await uploadImage(t, small, { session });
    expect(again.statusCode).toBe(200);
    expect(again.json<UploadedImage>().created).toBe(false);
  });

  it('decodes a file once: a re-upload of the same bytes is answered without encoding', async () => {
    let encodes = 0;
    const real = createImageEncoder();
    const counting: ImageEncoder = {
      encode: (bytes) => {
        encodes += 1;
        return real.encode(bytes);
      },
    };
    const service = mediaService({
      repo: mediaRepository(t.database.db),
      encoder: counting,
      limits: { uploadsPerHour: 100, quotaBytes: 10 * 1024 * 1024 },
    });
    const user = await createUser(t);
    const actor = { userId: user.id, userName: user.userName };
    const file = await pngImage(50, 50, '#ae3ec9');
    const first = await service.upload(actor, file);
    const second = await service.upload(actor, file);
    expect(encodes).toBe(1);
    expect(second).toEqual({ ...first, created: false });
  });

  it('stores a re-uploaded image anew when the clean-up removed it in between', async () => {
    const repo = mediaRepository(t.database.db);
    const service = mediaService({
      repo: {
        ...repo,
        // The image was known when looked up, and deleted right after.
        findBySource: async (sourceHash) => {
          const known = await repo.findBySource(sourceHash);
          if (known) await t.database.db.delete(media).where(eq(media.hash, known.hash));
          return known;
        },
      },
      encoder: createImageEncoder(),
      limits: { uploadsPerHour: 100, quotaBytes: 10 * 1024 * 1024 },
    });
    const user = await createUser(t);
    const actor = { userId: user.id, userName: user.userName };
    const file = await pngImage(30, 20, '#5c940d');
    const first = await service.upload(actor, file);
    const again = await service.upload(actor, file);
    expect(again).toEqual({ ...first, created: true });
    const served = await t.request({ method: 'GET', url: again.url });
    expect(served.statusCode).toBe(200);
  });
});
