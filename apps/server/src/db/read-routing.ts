import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the reads of the running request may go (DATABASE_READ_URL). A reader's GET may read
 * from the replica; a write, a request of a session that wrote in the last seconds
 * (read-your-writes), background work and anything outside a request read from the primary.
 */
export interface ReadContext {
  /** Plain reads may go to the replica. */
  replica: boolean;
  /** The session wrote a moment ago: it must not see an older copy, cached or replicated. */
  recentWriter: boolean;
}

const context = new AsyncLocalStorage<ReadContext>();

/** Runs `fn` (a request's handling) with these read rules. */
export function runWithReads<T>(rules: ReadContext, fn: () => T): T {
  return context.run(rules, fn);
}

/** Runs `fn` with every read on the primary (a page about to be stored must be current). */
export function onPrimary<T>(fn: () => T): T {
  const current = context.getStore();
  return context.run({ replica: false, recentWriter: current?.recentWriter ?? false }, fn);
}

/** Whether a read made now may go to the replica (false outside any request). */
export function replicaAllowed(): boolean {
  return context.getStore()?.replica ?? false;
}

/** Whether the running request is of a session that wrote within READ_YOUR_WRITES_MS. */
export function recentWriter(): boolean {
  return context.getStore()?.recentWriter ?? false;
}
