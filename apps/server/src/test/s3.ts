import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3ObjectStore, type ObjectStore } from '../plugins/object-store.js';

// The SDK's notice that its releases after January 2027 need Node.js 22 (this one runs on 20).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's one account. */
const KEY = 'S3RVER';

export interface TestS3 {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  /** The settings that point Repolog at this bucket (MEDIA_STORE=s3 and the S3_* ones). */
  env(extra?: Record<string, string>): Record<string, string>;
  /** A client of the bucket, to look at (or take away) what Repolog wrote. */
  store: ObjectStore;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on a free port, keeping its objects in a
 * temporary folder, with one empty bucket; `close` stops it and removes the folder.
 */
export async function startTestS3(bucket = 'repolog-media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'repolog-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const store = s3ObjectStore({
    endpoint,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    forcePathStyle: true,
    publicUrl: undefined,
  });
  return {
    endpoint,
    bucket,
    store,
    env: (extra = {}) => ({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      ...extra,
    }),
    close: async () => {
      store.close();
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
