import type { Db } from './client.js';

/** Runs a function in one transaction; repository calls inside take its handle. */
export type Transaction = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * The one way a transaction is opened (STYLE.md habit 4): a repository exposes
 * `transaction: transactionOf(db)` and the service decides where it begins —
 * `repo.transaction(async (tx) => …)`. Nothing else calls `db.transaction`.
 */
export function transactionOf(db: Db): Transaction {
  return (fn) => db.transaction((tx) => fn(tx));
}
