import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isForeignKeyViolation } from '../db/pg-errors.js';
import { draftDocs, draftEditors, drafts, draftUpdates, users } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';
import type { DraftFields } from './drafts.repository.js';

/** The channel (message bus) that relays live changes between instances. */
export const DRAFT_CHANNEL = 'repolog_draft';

/** A draft's stored document: the folded snapshot (if any) and the updates appended since. */
export interface StoredDoc {
  snapshot: Buffer | undefined;
  updates: { id: number; update: Buffer }[];
}

// Any fixed number: with the draft id it names the lock compaction takes per draft.
const COMPACT_LOCK = 5_120_417;

/** The live documents of drafts (draft_updates, draft_docs) and who changed them (draft_editors). */
export function draftDocsRepository(db: Db) {
  const transaction = transactionOf(db);

  /**
   * The updates first, then the snapshot: another instance's compaction committing in between
   * deletes updates only after folding them into the snapshot read second (Yjs merges the
   * overlap). Read the other way round, the old snapshot and no updates lost what it folded.
   */
  const load = async (draftId: number, tx: Db = db): Promise<StoredDoc> => {
    const updates = await tx
      .select({ id: draftUpdates.id, update: draftUpdates.update })
      .from(draftUpdates)
      .where(eq(draftUpdates.draftId, draftId))
      .orderBy(asc(draftUpdates.id));
    const [doc] = await tx
      .select({ snapshot: draftDocs.snapshot })
      .from(draftDocs)
      .where(eq(draftDocs.draftId, draftId));
    return { snapshot: doc?.snapshot, updates };
  };

  return {
    transaction,
    load,

    /** True when the draft has a live document (a snapshot or updates). */
    async exists(draftId: number, tx: Db = db): Promise<boolean> {
      const result = await tx.execute(sql`
        select exists (select 1 from ${draftDocs} where ${draftDocs.draftId} = ${draftId})
            or exists (select 1 from ${draftUpdates} where ${draftUpdates.draftId} = ${draftId}) as found`);
      return Boolean((result as { rows: { found: boolean }[] }).rows[0]?.found);
    },

    /**
     * Stores the first state of a draft's document unless another instance stored one first;
     * either way, the document as stored. Only the server starts a document, and only here:
     * two independent starts from the same fields would merge into the text twice. Undefined
     * when the draft is no longer there (posted or deleted since its fields were read).
     */
    async start(draftId: number, snapshot: Buffer): Promise<StoredDoc | undefined> {
      try {
        await db.insert(draftDocs).values({ draftId, snapshot }).onConflictDoNothing();
      } catch (error) {
        if (isForeignKeyViolation(error)) return undefined;
        throw error;
      }
      return load(draftId);
    },

    /**
     * Appends one change and has `announce` tell the other instances as part of the same
     * transaction (heard only if it commits). Returns the change's id. `userId` becomes one of
     * the draft's editors.
     */
    async append(
      draftId: number,
      userId: number | null,
      update: Buffer,
      announce: (tx: Db, id: number) => Promise<void>,
    ): Promise<number> {
      return transaction(async (tx) => {
        const [row] = await tx
          .insert(draftUpdates)
          .values({ draftId, userId, update })
          .returning({ id: draftUpdates.id });
        if (!row) throw new Error('draft update not stored');
        if (userId !== null) {
          await tx.insert(draftEditors).values({ draftId, userId }).onConflictDoNothing();
        }
        await announce(tx, row.id);
        return row.id;
      });
    },

    /** One stored change (a relay too large for a NOTIFY payload carries only its id). */
    async findUpdate(id: number): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ update: draftUpdates.update })
        .from(draftUpdates)
        .where(eq(draftUpdates.id, id));
      return row?.update;
    },

    /**
     * Folds the snapshot and every update stored so far into one (`merge` does it, with Yjs),
     * then deletes the folded rows by id: rows another instance commits meanwhile stay.
     */
    async compact(draftId: number, merge: (parts: Buffer[]) => Buffer): Promise<number> {
      return transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${COMPACT_LOCK}, ${draftId})`);
        const stored = await load(draftId, tx);
        if (stored.updates.length === 0) return 0;
        const parts = [
          ...(stored.snapshot ? [stored.snapshot] : []),
          ...stored.updates.map((u) => u.update),
        ];
        const snapshot = merge(parts);
        await tx
          .insert(draftDocs)
          .values({ draftId, snapshot })
          .onConflictDoUpdate({
            target: draftDocs.draftId,
            set: { snapshot, updatedAt: sql`now()` },
          });
        const ids = stored.updates.map((u) => u.id);
        await tx.delete(draftUpdates).where(inArray(draftUpdates.id, ids));
        return ids.length;
      });
    },

    /**
     * The draft's fields as the live document has them now, for lists and the drafts API;
     * `version` moves on, so a form save based on what came before is refused (409).
     */
    async writeFields(draftId: number, fields: DraftFields, userId: number | null): Promise<void> {
      await db
        .update(drafts)
        .set({
          ...fields,
          version: sql`${drafts.version} + 1`,
          ...(userId !== null ? { updatedById: userId } : {}),
          updatedAt: sql`greatest(now(), ${drafts.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(drafts.id, draftId));
    },

    /** Records that `userId` changed the draft (a form save, or creating it). */
    async addEditor(draftId: number, userId: number, tx: Db = db): Promise<void> {
      await tx.insert(draftEditors).values({ draftId, userId }).onConflictDoNothing();
    },

    /** The members who changed the draft (their user ids), oldest account first. */
    async editors(draftId: number, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .select({ userId: draftEditors.userId })
        .from(draftEditors)
        .innerJoin(users, eq(users.id, draftEditors.userId))
        .where(and(eq(draftEditors.draftId, draftId)))
        .orderBy(asc(users.id));
      return rows.map((row) => row.userId);
    },
  };
}

export type DraftDocsRepository = ReturnType<typeof draftDocsRepository>;
