import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import pLimit from 'p-limit';
import { ConfigError } from '../config.js';
import type { ObjectStoreConfig } from '../config-storage.js';

/**
 * Objects in an S3-compatible bucket under content-addressed keys (media/{hash}.webp,
 * cards/{kind}-{id}-{version}.png): a key's bytes never change, so a write is idempotent and
 * every copy (CDN, browser) may keep it forever.
 */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes; undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  /** Whether the object exists. */
  has(key: string): Promise<boolean>;
  /** Deletes these objects (a missing one is no error). */
  delete(keys: readonly string[]): Promise<void>;
  /** Where a reader fetches the object directly (MEDIA_PUBLIC_URL); undefined: through us. */
  publicUrl(key: string): string | undefined;
  /** The origin of MEDIA_PUBLIC_URL, for the pages' Content-Security-Policy. */
  publicOrigin: string | undefined;
  close(): void;
}

/** Setting names as the README lists them, for the start-up check's sentences. */
const SETTINGS = {
  endpoint: 'S3_ENDPOINT',
  bucket: 'S3_BUCKET',
  credentials: 'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY',
};

/** Thrown when the bucket cannot be used as configured; its message names the setting. */
class ObjectStoreConfigError extends ConfigError {}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

export function s3ObjectStore(config: ObjectStoreConfig): ObjectStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Plain bodies with a Content-MD5 where the API asks for one: what every S3-compatible
    // server understands (the SDK's default trailing checksums are not).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A bucket that does not answer must not hold an upload (or the start) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = config.bucket;
  const deletes = pLimit(8);
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return undefined;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(
        keys.map((key) =>
          deletes(async () => {
            try {
              await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
            } catch (error) {
              if (!isMissing(error)) throw error;
            }
          }),
        ),
      );
    },
    publicUrl: (key) => (config.publicUrl ? `${config.publicUrl}/${key}` : undefined),
    publicOrigin,
    close: () => client.destroy(),
  };
}

/** Why the bucket cannot be used, as a sentence naming the setting to change. */
function explain(error: unknown, config: ObjectStoreConfig): string {
  const where = config.endpoint ?? `AWS S3 (${config.region})`;
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (error.name === 'NoSuchBucket') {
      return `S3_BUCKET: the bucket "${config.bucket}" does not exist at ${where}.`;
    }
    if (
      status === 403 ||
      ['AccessDenied', 'SignatureDoesNotMatch', 'InvalidAccessKeyId'].includes(error.name)
    ) {
      return `${SETTINGS.bucket}: Repolog may not write to the bucket "${config.bucket}" at ${where} (${error.name}); give ${SETTINGS.credentials} write permission on it.`;
    }
    return `${SETTINGS.bucket}: writing to the bucket "${config.bucket}" at ${where} failed (${error.name}${status ? `, HTTP ${status}` : ''}).`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `${SETTINGS.endpoint}: the object store at ${where} cannot be reached (${reason}).`;
}

/**
 * The start-up check: writes, reads back and deletes a small object, so a wrong endpoint,
 * bucket or key stops the start with a sentence instead of failing every upload later.
 */
export async function checkObjectStore(
  store: ObjectStore,
  config: ObjectStoreConfig,
): Promise<void> {
  // At the bucket's top level: file-backed stores (s3rver) remove a folder once it is empty,
  // which raced another instance writing its own check into it during a cluster's start.
  const key = `repolog-check-${process.pid}-${Date.now()}-${randomUUID()}.txt`;
  const body = Buffer.from('Repolog checks it may write here; this object is deleted at once.\n');
  try {
    await store.put(key, body, 'text/plain');
    const read = await store.get(key);
    if (!read?.equals(body)) {
      throw new ObjectStoreConfigError(
        `${SETTINGS.bucket}: an object written to "${config.bucket}" did not read back the same.`,
      );
    }
    await store.delete([key]);
  } catch (error) {
    if (error instanceof ObjectStoreConfigError) throw error;
    throw new ObjectStoreConfigError(explain(error, config));
  }
}

/** The configured object store, checked; undefined when media stay in the database. */
export async function openObjectStore(
  config: ObjectStoreConfig | undefined,
): Promise<ObjectStore | undefined> {
  if (!config) return undefined;
  const store = s3ObjectStore(config);
  try {
    await checkObjectStore(store, config);
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
