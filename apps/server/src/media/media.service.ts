import type { UploadedImage } from '@repolog/contract/media';
import type { Actor } from '@repolog/contract/permissions';
import { AppError, notFound } from '../errors.js';
import type { ObjectStore } from '../plugins/object-store.js';
import { sha256, type ImageEncoder } from './image-encoder.js';
import { mediaUrl } from './media.public.js';
import type { MediaRepository, StoredImage, UploadUsage } from './media.repository.js';

const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;

export const IMAGE_NOT_FOUND = 'media.notFound';

export interface MediaLimits {
  /** Uploads one person may make in an hour. */
  uploadsPerHour: number;
  /** Bytes of stored images one person may hold. */
  quotaBytes: number;
}

export interface MediaServiceDeps {
  repo: MediaRepository;
  encoder: ImageEncoder;
  limits: MediaLimits;
  /** MEDIA_STORE=s3: the images' bytes live here, the database keeps their description. */
  store?: ObjectStore | undefined;
  now?: () => Date;
}

/** An image's key in the object store: the same content-addressed name as its address. */
export const mediaKey = (hash: string) => `media/${hash}.webp`;

/** What GET /media/{hash}.webp answers: the bytes, or where the object store serves them. */
export type ServedImage =
  | { hash: string; contentType: string; data: Buffer; redirect?: undefined }
  | { hash: string; redirect: string };

/** "512 bytes", "4.1 KB", "500 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

const present = (image: StoredImage, created: boolean): UploadedImage => ({
  hash: image.hash,
  url: mediaUrl(image.hash),
  contentType: 'image/webp',
  width: image.width,
  height: image.height,
  size: image.size,
  created,
});

/** Uploading images into breakthrough bodies, and serving them. */
export function mediaService({
  repo,
  encoder,
  limits,
  store,
  now = () => new Date(),
}: MediaServiceDeps) {
  /** Throws 429 or 413 when `usage` (plus `addedBytes` about to be stored) passes a limit. */
  const allow = (usage: UploadUsage, addedBytes: number, at: Date) => {
    if (usage.recent >= limits.uploadsPerHour) {
      const freeAt = (usage.oldestRecentAt?.getTime() ?? at.getTime()) + HOUR_MS;
      const minutes = Math.max(1, Math.ceil((freeAt - at.getTime()) / 60_000));
      throw minutes === 1
        ? new AppError('rate_limited', 'media.uploadsPerHourOneMinute', {
            count: limits.uploadsPerHour,
          })
        : new AppError('rate_limited', 'media.uploadsPerHour', {
            count: limits.uploadsPerHour,
            minutes,
          });
    }
    if (usage.bytes + addedBytes > limits.quotaBytes) {
      throw new AppError('payload_too_large', 'media.quota', {
        used: formatBytes(usage.bytes),
        quota: formatBytes(limits.quotaBytes),
        needed: formatBytes(addedBytes),
      });
    }
  };

  return {
    /**
     * Refuses at once, before the file is read, when the user is already at a limit. The
     * upload itself checks again when it is recorded.
     */
    async checkAllowance(actor: Actor): Promise<void> {
      const at = now();
      allow(await repo.usage(actor.userId, new Date(at.getTime() - HOUR_MS)), 0, at);
    },

    /**
     * Stores an uploaded file as a WebP image. The same bytes uploaded again are found by
     * their hash and cost neither a decode nor a second stored copy.
     */
    async upload(actor: Actor, bytes: Buffer): Promise<UploadedImage> {
      const sourceHash = sha256(bytes);
      const record = async (known: StoredImage | undefined) => {
        const encoded = known ? null : await encoder.encode(bytes);
        const at = now();
        return repo.transaction(async (tx) => {
          const recorded = await repo.recordUpload(
            {
              userId: actor.userId,
              image: encoded && {
                hash: encoded.hash,
                sourceHash,
                contentType: 'image/webp',
                width: encoded.width,
                height: encoded.height,
                size: encoded.data.length,
                data: store ? null : encoded.data,
              },
              existingHash: known?.hash ?? null,
              at,
              since: new Date(at.getTime() - HOUR_MS),
              allow: (usage, addedBytes) => allow(usage, addedBytes, at),
            },
            tx,
          );
          // Stored before the row commits: the clean-up deletes an object in the transaction
          // that deletes its row, so a new row never outlives its object.
          if (store && encoded && recorded?.created) {
            await store.put(mediaKey(encoded.hash), encoded.data, 'image/webp');
          }
          return recorded;
        });
      };
      // A known image removed by the clean-up a moment ago is simply stored again.
      const recorded =
        (await record(await repo.findBySource(sourceHash))) ?? (await record(undefined));
      if (!recorded) throw new Error('a new image was not recorded');
      return present(recorded.image, recorded.created);
    },

    /**
     * A stored image by its file name ("{hash}.webp"); 404 for anything else. With an object
     * store: its bytes, or (MEDIA_PUBLIC_URL) its public address; an image not yet copied out
     * of the database is still served from there.
     */
    async find(file: string): Promise<ServedImage> {
      const match = /^([0-9a-f]{64})\.webp$/.exec(file);
      const hash = match?.[1];
      if (!hash) throw notFound(IMAGE_NOT_FOUND);
      const publicUrl = store?.publicUrl(mediaKey(hash));
      if (store && !publicUrl) {
        const data = await store.get(mediaKey(hash));
        if (data) return { hash, contentType: 'image/webp', data };
      }
      const row = await repo.findForServing(hash);
      if (!row) throw notFound(IMAGE_NOT_FOUND);
      if (row.data) return { hash, contentType: row.contentType, data: row.data };
      // Described here, bytes in the object store (gone from it: a 404 too).
      if (publicUrl) return { hash, redirect: publicUrl };
      throw notFound(IMAGE_NOT_FOUND);
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;
