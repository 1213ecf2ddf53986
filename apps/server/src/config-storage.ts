import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());

/**
 * The optional engines for where data lives beside the one database: media and share cards in
 * an S3-compatible store, reads on a PostgreSQL replica (README: "Object storage and a read
 * replica"). Unset, everything stays in the one database.
 */
export const storageEnvSchema = {
  MEDIA_STORE: z.preprocess(emptyToUndefined, z.enum(['database', 's3']).default('database')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_BUCKET: optionalText,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false', '1', '0']).optional(),
  ),
  MEDIA_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_READ_URL: optionalText,
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  READ_YOUR_WRITES_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnvSchema>>;

/** An S3-compatible bucket holding media (media/{hash}.webp) and share cards (cards/…). */
export interface ObjectStoreConfig {
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
  /** Where readers fetch objects (a CDN or the bucket's public address); unset: the server. */
  publicUrl: string | undefined;
}

export interface StorageConfig {
  /** Unset: media in the database, share cards under DATA_DIR/cards. */
  objectStore: ObjectStoreConfig | undefined;
  /** A streaming replica for public reads; unset: every query goes to DATABASE_URL. */
  replica:
    | {
        url: string;
        /** Past this lag the replica is passed over for the primary. */
        maxLagMs: number;
        /** After a session wrote, its reads go to the primary this long. */
        readYourWritesMs: number;
      }
    | undefined;
}

/** The storage settings, or the sentence that says which one is wrong. */
export function storageConfig(e: StorageEnv, databaseUrl: string | undefined): StorageConfig {
  let objectStore: ObjectStoreConfig | undefined;
  if (e.MEDIA_STORE === 's3') {
    if (!e.S3_BUCKET) throw new Error('S3_BUCKET is required when MEDIA_STORE=s3.');
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all.');
    }
    objectStore = {
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE
        ? e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1'
        : Boolean(e.S3_ENDPOINT),
      publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    };
  } else if (e.MEDIA_PUBLIC_URL || e.S3_BUCKET) {
    throw new Error(
      `${e.MEDIA_PUBLIC_URL ? 'MEDIA_PUBLIC_URL' : 'S3_BUCKET'} is set but MEDIA_STORE is not s3: set MEDIA_STORE=s3 to keep media in the bucket.`,
    );
  }
  if (e.DATABASE_READ_URL && !databaseUrl) {
    throw new Error('DATABASE_READ_URL needs DATABASE_URL (the primary it replicates).');
  }
  return {
    objectStore,
    replica: e.DATABASE_READ_URL
      ? {
          url: e.DATABASE_READ_URL,
          maxLagMs: e.DATABASE_READ_MAX_LAG_MS,
          readYourWritesMs: e.READ_YOUR_WRITES_MS,
        }
      : undefined,
  };
}
