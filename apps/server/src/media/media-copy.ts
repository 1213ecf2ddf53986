import pLimit from 'p-limit';
import type { ObjectStore } from '../plugins/object-store.js';
import { sha256 } from './image-encoder.js';
import type { MediaRepository } from './media.repository.js';
import { mediaKey } from './media.service.js';

export interface CopyResult {
  /** Images whose bytes the object store now holds, read back and matching their name. */
  verified: number;
  /** Of those, the ones written now (the others were there already). */
  written: number;
  /** Images whose bytes were removed from the database afterwards (`dropFromDatabase`). */
  dropped: number;
  /** Images not copied, and why; their bytes stay in the database. */
  failed: { hash: string; reason: string }[];
}

/**
 * Copies the images whose bytes are in the database to the object store, by name. Every
 * copy is read back and its SHA-256 compared with the name; a row whose own bytes do not match
 * its name is reported and left alone. With `dropFromDatabase` the verified images' bytes are
 * then removed from the database (their description stays). Safe to run again: what is
 * already in the store is verified, not written twice.
 */
export async function copyMediaToStore(options: {
  repo: MediaRepository;
  store: ObjectStore;
  dropFromDatabase?: boolean;
  batchSize?: number;
  concurrency?: number;
  onProgress?: (result: CopyResult) => void;
}): Promise<CopyResult> {
  const { repo, store, batchSize = 100 } = options;
  const limit = pLimit(options.concurrency ?? 4);
  const result: CopyResult = { verified: 0, written: 0, dropped: 0, failed: [] };
  let after = '';
  for (;;) {
    const batch = await repo.storedInDatabase(after, batchSize);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]?.hash ?? after;
    const verified: string[] = [];
    await Promise.all(
      batch.map(({ hash, data }) =>
        limit(async () => {
          try {
            if (sha256(data) !== hash) {
              result.failed.push({
                hash,
                reason: 'its bytes in the database do not match its name',
              });
              return;
            }
            const key = mediaKey(hash);
            let copy = await store.get(key);
            if (!copy || sha256(copy) !== hash) {
              await store.put(key, data, 'image/webp');
              result.written += 1;
              copy = await store.get(key);
            }
            if (!copy || sha256(copy) !== hash) {
              result.failed.push({ hash, reason: 'the copy read back from the store differs' });
              return;
            }
            verified.push(hash);
          } catch (error) {
            result.failed.push({
              hash,
              reason: error instanceof Error ? error.message : String(error),
            });
          }
        }),
      ),
    );
    result.verified += verified.length;
    if (options.dropFromDatabase) {
      await repo.dropData(verified);
      result.dropped += verified.length;
    }
    options.onProgress?.(result);
  }
  return result;
}
