import type { Db } from './client.js';

/** Runs a function in one transaction; repository calls inside take its handle. */
export type Transaction = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

/** What runs once each open transaction (by its handle) has committed. */
const committed = new WeakMap<Db, (() => void)[]>();

/**
 * The one way a transaction is opened (STYLE.md habit 4): a repository exposes
 * `transaction: transactionOf(db)` and the service decides where it begins —
 * `repo.transaction(async (tx) => …)`. Nothing else calls `db.transaction`.
 */
export function transactionOf(db: Db): Transaction {
  return async (fn) => {
    const after: (() => void)[] = [];
    const result = await db.transaction((tx) => {
      committed.set(tx, after);
      return fn(tx);
    });
    for (const task of after) task();
    return result;
  };
}

/**
 * Runs `task` once the transaction of `tx` has committed (never when it rolls back): how a
 * message that must not announce an uncommitted change leaves through a transport other than
 * PostgreSQL's own NOTIFY. Outside a transaction opened by transactionOf it runs now.
 */
export function afterCommit(tx: Db, task: () => void): void {
  const after = committed.get(tx);
  if (after) after.push(task);
  else task();
}
