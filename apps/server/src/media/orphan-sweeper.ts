import type { MediaReferenceSource } from './media.public.js';
import type { MediaRepository } from './media.repository.js';

const DAY_MS = 86_400_000;

export interface OrphanSweeperOptions {
  repo: MediaRepository;
  /** Everything that may reference an image (articles; drafts and revisions plug in here). */
  sources: readonly MediaReferenceSource[];
  /** How long after its (latest) upload an unreferenced image is kept. */
  graceMs?: number;
  /** How often an image found referenced is checked again (its reference may be gone). */
  recheckMs?: number;
  /** Images checked per query. */
  batchSize?: number;
  /** Deletes the object store's copies of deleted images (in the rows' deleting transaction). */
  deleteObjects?: (hashes: string[]) => Promise<void>;
}

export interface SweepResult {
  checked: number;
  deleted: number;
}

/**
 * Removes images that nothing references a day after their upload. Each run takes images
 * past their grace period that were never checked (or not for `recheckMs`), asks every
 * reference source about them, marks the referenced ones checked and deletes the rest; so a
 * run costs one scan of each source per batch, and an image dropped from every body later
 * goes at its next check.
 */
export function createOrphanSweeper({
  repo,
  sources,
  graceMs = DAY_MS,
  recheckMs = 7 * DAY_MS,
  batchSize = 200,
  deleteObjects,
}: OrphanSweeperOptions) {
  return {
    /** One run, as of `now`; stops after `maxBatches` batches (the next run goes on). */
    async sweep(now: Date = new Date(), maxBatches = 50): Promise<SweepResult> {
      const window = {
        uploadedBefore: new Date(now.getTime() - graceMs),
        checkedBefore: new Date(now.getTime() - recheckMs),
      };
      const result: SweepResult = { checked: 0, deleted: 0 };
      for (let batch = 0; batch < maxBatches; batch += 1) {
        const candidates = await repo.sweepCandidates({ ...window, limit: batchSize });
        if (candidates.length === 0) break;
        const referenced = new Set<string>();
        for (const source of sources) {
          for (const hash of await source.referenced(candidates)) referenced.add(hash);
        }
        await repo.markChecked([...referenced], now);
        result.checked += candidates.length;
        result.deleted += await repo.deleteOrphans(
          candidates.filter((hash) => !referenced.has(hash)),
          window,
          deleteObjects,
        );
        if (candidates.length < batchSize) break;
      }
      return result;
    },
  };
}

export type OrphanSweeper = ReturnType<typeof createOrphanSweeper>;
