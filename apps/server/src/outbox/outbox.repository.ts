import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { transactionOf } from '../db/transaction.js';

/** The NOTIFY channel that wakes the dispatchers of every instance when events are written. */
export const OUTBOX_CHANNEL = 'repolog_outbox';

export interface OutboxRow {
  id: number;
  type: string;
  payload: unknown;
  createdAt: Date;
  attempts: number;
}

const pending = and(isNull(outbox.deliveredAt), isNull(outbox.failedAt));

/** The outbox table: written in the actions' transactions, claimed by the dispatchers. */
export function outboxRepository(db: Db) {
  return {
    transaction: transactionOf(db),

    /**
     * Writes an event in the caller's transaction; the wake-up NOTIFY goes out with its commit
     * (PostgreSQL delivers notifications only when the transaction commits).
     */
    async insert(
      type: string,
      payload: unknown,
      at: Date,
      tx: Db,
      availableAt: Date = at,
    ): Promise<number> {
      const [row] = await tx
        .insert(outbox)
        .values({ type, payload, createdAt: at, availableAt })
        .returning({ id: outbox.id });
      if (!row) throw new Error('the outbox insert returned no row');
      await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
      return row.id;
    },

    /** Ids of events due for delivery, oldest first. */
    async due(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(pending, lte(outbox.availableAt, now)))
        .orderBy(asc(outbox.availableAt), asc(outbox.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Locks one pending event for the rest of the transaction. `skipLocked`: another instance
     * delivering it right now means "not mine" (the poller); otherwise wait for that instance
     * and then find it delivered (the writer delivering its own event).
     */
    async claim(
      id: number,
      options: { skipLocked: boolean; now: Date },
      tx: Db,
    ): Promise<OutboxRow | undefined> {
      const query = tx
        .select({
          id: outbox.id,
          type: outbox.type,
          payload: outbox.payload,
          createdAt: outbox.createdAt,
          attempts: outbox.attempts,
        })
        .from(outbox)
        .where(
          options.skipLocked
            ? and(eq(outbox.id, id), pending, lte(outbox.availableAt, options.now))
            : and(eq(outbox.id, id), pending),
        );
      const [row] = options.skipLocked
        ? await query.for('update', { skipLocked: true })
        : await query.for('update');
      return row;
    },

    async markDelivered(id: number, at: Date, tx: Db): Promise<void> {
      await tx.update(outbox).set({ deliveredAt: at }).where(eq(outbox.id, id));
    },

    /** Records a failed attempt: tried again at `retryAt`, or given up when that is null. */
    async markAttemptFailed(
      id: number,
      failure: { attempts: number; error: string; retryAt: Date | null; at: Date },
    ): Promise<void> {
      await db
        .update(outbox)
        .set({
          attempts: failure.attempts,
          lastError: failure.error.slice(0, 2000),
          ...(failure.retryAt ? { availableAt: failure.retryAt } : { failedAt: failure.at }),
        })
        .where(and(eq(outbox.id, id), pending));
    },

    /** Events not yet delivered (given-up ones excluded). */
    async countPending(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(pending);
      return row?.n ?? 0;
    },

    /** Forgets delivered events older than `before`. */
    async pruneDelivered(before: Date): Promise<void> {
      await db.delete(outbox).where(lt(outbox.deliveredAt, before));
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
