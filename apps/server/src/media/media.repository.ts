import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactionOf } from '../db/transaction.js';
import { media, mediaUploads, users } from '../db/schema.js';

export type MediaRow = typeof media.$inferSelect;
export type StoredImage = Pick<MediaRow, 'hash' | 'contentType' | 'width' | 'height' | 'size'>;
export type ImageBytes = Pick<MediaRow, 'hash' | 'contentType' | 'data'>;

const described = {
  hash: media.hash,
  contentType: media.contentType,
  width: media.width,
  height: media.height,
  size: media.size,
};

export interface UploadUsage {
  /** Uploads since the start of the window. */
  recent: number;
  /** When the oldest of those was made (null when there are none). */
  oldestRecentAt: Date | null;
  /** Bytes of the distinct images the user has uploaded (a re-upload counts once). */
  bytes: number;
}

/** Images: stored bytes, who uploaded what, and the orphan clean-up's queries. */
export function mediaRepository(db: Db) {
  const usage = async (tx: Db, userId: number, since: Date): Promise<UploadUsage> => {
    const [recent] = await tx
      .select({ n: count(), oldest: sql<Date | string | null>`min(${mediaUploads.createdAt})` })
      .from(mediaUploads)
      .where(and(eq(mediaUploads.userId, userId), gt(mediaUploads.createdAt, since)));
    const [stored] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${media.size}), 0)::bigint` })
      .from(media)
      .where(
        inArray(
          media.hash,
          tx
            .selectDistinct({ hash: mediaUploads.mediaHash })
            .from(mediaUploads)
            .where(eq(mediaUploads.userId, userId)),
        ),
      );
    const oldest = recent?.oldest;
    return {
      recent: recent?.n ?? 0,
      oldestRecentAt: oldest ? new Date(oldest) : null,
      bytes: Number(stored?.bytes ?? 0),
    };
  };

  return {
    transaction: transactionOf(db),

    /** Uploads of `userId` since `since`, and the bytes they hold in all. */
    usage: (userId: number, since: Date) => usage(db, userId, since),

    async findBySource(sourceHash: string): Promise<StoredImage | undefined> {
      const [row] = await db
        .select(described)
        .from(media)
        .where(eq(media.sourceHash, sourceHash))
        .limit(1);
      return row;
    },

    async findForServing(hash: string): Promise<ImageBytes | undefined> {
      const [row] = await db
        .select({ hash: media.hash, contentType: media.contentType, data: media.data })
        .from(media)
        .where(eq(media.hash, hash))
        .limit(1);
      return row;
    },

    async findSizes(hashes: string[]): Promise<{ hash: string; width: number; height: number }[]> {
      if (hashes.length === 0) return [];
      return db
        .select({ hash: media.hash, width: media.width, height: media.height })
        .from(media)
        .where(inArray(media.hash, hashes));
    },

    /**
     * Records an upload by `userId` (inside the caller's transaction `tx`), after `allow` has seen
     * the user's usage with the user's row locked (so two uploads at once cannot both slip under a limit). A new
     * image is stored; bytes already stored (same name, or same source) are kept as they are.
     * Null when `existingHash` is no longer stored.
     */
    async recordUpload(
      input: {
        userId: number;
        image: Omit<MediaRow, 'createdAt' | 'lastUploadedAt' | 'checkedAt' | 'uploaderId'> | null;
        /** The stored image, when the bytes were known before. */
        existingHash: string | null;
        at: Date;
        since: Date;
        allow: (usage: UploadUsage, addedBytes: number) => void;
      },
      tx: Db,
    ): Promise<{ image: StoredImage; created: boolean } | null> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
      let created = false;
      let hash = input.existingHash;
      if (input.image) {
        const inserted = await tx
          .insert(media)
          .values({
            ...input.image,
            uploaderId: input.userId,
            createdAt: input.at,
            lastUploadedAt: input.at,
          })
          .onConflictDoNothing()
          .returning({ hash: media.hash });
        created = inserted.length > 0;
        // Lost a race to the same image, or another source that encodes to the same bytes.
        hash = inserted[0]?.hash ?? input.image.hash;
        if (!created) {
          const [bySource] = await tx
            .select({ hash: media.hash })
            .from(media)
            .where(
              or(eq(media.hash, input.image.hash), eq(media.sourceHash, input.image.sourceHash)),
            )
            .limit(1);
          hash = bySource?.hash ?? hash;
        }
      }
      if (!hash) throw new Error('recordUpload needs an image or an existing hash');
      const [image] = await tx.select(described).from(media).where(eq(media.hash, hash));
      // The clean-up removed the known image in the meantime: the caller stores it anew.
      if (!image) return null;
      const [mine] = await tx
        .select({ id: mediaUploads.id })
        .from(mediaUploads)
        .where(and(eq(mediaUploads.userId, input.userId), eq(mediaUploads.mediaHash, hash)))
        .limit(1);
      input.allow(await usage(tx, input.userId, input.since), mine ? 0 : image.size);
      await tx
        .insert(mediaUploads)
        .values({ userId: input.userId, mediaHash: hash, createdAt: input.at });
      if (!created) {
        await tx
          .update(media)
          .set({
            lastUploadedAt: sql`greatest(${media.lastUploadedAt}, ${input.at.toISOString()}::timestamptz)`,
          })
          .where(eq(media.hash, hash));
      }
      return { image, created };
    },

    /**
     * Images past their grace period (last uploaded before `uploadedBefore`) that were never
     * checked, or not since `checkedBefore`; the least recently checked first.
     */
    async sweepCandidates(options: {
      uploadedBefore: Date;
      checkedBefore: Date;
      limit: number;
    }): Promise<string[]> {
      const rows = await db
        .select({ hash: media.hash })
        .from(media)
        .where(
          and(
            lt(media.lastUploadedAt, options.uploadedBefore),
            or(isNull(media.checkedAt), lt(media.checkedAt, options.checkedBefore)),
          ),
        )
        .orderBy(sql`${media.checkedAt} asc nulls first`, asc(media.lastUploadedAt))
        .limit(options.limit);
      return rows.map((row) => row.hash);
    },

    async markChecked(hashes: string[], at: Date): Promise<void> {
      if (hashes.length === 0) return;
      await db.update(media).set({ checkedAt: at }).where(inArray(media.hash, hashes));
    },

    /**
     * Deletes these images (with their upload records) unless one was uploaded again, or
     * found referenced, since it became a candidate. `alsoDelete` runs with the deleted names
     * before the deletion commits (the object store's copies), so an upload of the same image
     * meanwhile waits for both and stores it anew.
     */
    async deleteOrphans(
      hashes: string[],
      options: { uploadedBefore: Date; checkedBefore: Date },
      alsoDelete?: (hashes: string[]) => Promise<void>,
    ): Promise<number> {
      if (hashes.length === 0) return 0;
      return transactionOf(db)(async (tx) => {
        const deleted = await tx
          .delete(media)
          .where(
            and(
              inArray(media.hash, hashes),
              lt(media.lastUploadedAt, options.uploadedBefore),
              or(isNull(media.checkedAt), lt(media.checkedAt, options.checkedBefore)),
            ),
          )
          .returning({ hash: media.hash });
        if (deleted.length > 0) await alsoDelete?.(deleted.map((row) => row.hash));
        return deleted.length;
      });
    },

    /** Images whose bytes are still in the database, by name after `after` (the copy to S3). */
    async storedInDatabase(
      after: string,
      limit: number,
    ): Promise<{ hash: string; data: Buffer }[]> {
      const rows = await db
        .select({ hash: media.hash, data: media.data })
        .from(media)
        .where(and(gt(media.hash, after), isNotNull(media.data)))
        .orderBy(asc(media.hash))
        .limit(limit);
      return rows.flatMap((row) => (row.data ? [{ hash: row.hash, data: row.data }] : []));
    },

    /** Forgets the database's copy of these images' bytes (they are in the object store). */
    async dropData(hashes: string[]): Promise<void> {
      if (hashes.length === 0) return;
      await db.update(media).set({ data: null }).where(inArray(media.hash, hashes));
    },

    /** How many images keep their bytes in the database, and how many in all. */
    async counts(): Promise<{ all: number; inDatabase: number }> {
      const [row] = await db.select({ all: count(), inDatabase: count(media.data) }).from(media);
      return { all: row?.all ?? 0, inDatabase: row?.inDatabase ?? 0 };
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
