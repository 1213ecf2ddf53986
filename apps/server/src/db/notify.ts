import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** NOTIFY as part of `tx`: PostgreSQL sends it only if, and when, the transaction commits. */
export async function notifyInTransaction(tx: Db, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
