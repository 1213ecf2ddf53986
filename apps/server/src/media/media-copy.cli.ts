// `npm run media:to-s3 [-- --drop-from-database]`: copies the images stored in the database
// into the object store that MEDIA_STORE=s3 and the S3_* settings name, verifying every hash.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openObjectStore } from '../plugins/object-store.js';
import { copyMediaToStore } from './media-copy.js';
import { mediaRepository } from './media.repository.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'drop-from-database': { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  if (!config.storage.objectStore) {
    throw new ConfigError(
      'MEDIA_STORE: set MEDIA_STORE=s3 and the S3_* settings to say where the images go.',
    );
  }
  const store = await openObjectStore(config.storage.objectStore);
  if (!store) return 1;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pg'),
    poolSize: 4,
  });
  try {
    const repo = mediaRepository(database.db);
    const before = await repo.counts();
    console.log(`${before.inDatabase} of ${before.all} images have their bytes in the database.`);
    const result = await copyMediaToStore({
      repo,
      store,
      dropFromDatabase: values['drop-from-database'],
      onProgress: (progress) => console.log(`  ${progress.verified} verified so far`),
    });
    console.log(
      `Verified ${result.verified} images in the bucket "${config.storage.objectStore.bucket}" (${result.written} written now).`,
    );
    if (values['drop-from-database']) {
      console.log(`Removed the database's copy of ${result.dropped} of them.`);
    }
    for (const failure of result.failed)
      console.error(`NOT COPIED ${failure.hash}: ${failure.reason}`);
    return result.failed.length > 0 ? 1 : 0;
  } finally {
    await database.close();
    store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
