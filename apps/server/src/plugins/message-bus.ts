import type { Database, Db, Unlisten } from '../db/client.js';
import { notifyInTransaction } from '../db/notify.js';

/**
 * The one way instances tell each other something (notifications and their counts, cache-sync
 * signals, session ends, live co-editing changes, presence and endings): fire-and-forget
 * messages on named channels, heard by every instance including the sender. Two transports:
 * PostgreSQL's LISTEN/NOTIFY (the default, nothing else to run) and Redis pub/sub (REDIS_URL,
 * redis-bus.ts), which falls back to this one while Redis is out.
 *
 * Exactly once per instance: every subscribing instance hands each message to its listeners
 * once, even when it arrived on both transports (a publish to a hung Redis timed out and went
 * through PostgreSQL, then Redis sent it after all): on Redis each message carries an id and
 * an instance drops an id it heard among its last REMEMBERED_IDS (message-ids.ts).
 */
export interface MessageBus {
  /** Which transport the next message takes ('postgres' while Redis is out). */
  transport(): 'postgres' | 'redis';
  /** Sends `payload` on `channel` to every instance now. */
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Sends `payload` once the transaction of `tx` commits, and never if it rolls back: no
   * instance hears of a change that was not stored.
   */
  publishOnCommit(tx: Db, channel: string, payload: string): Promise<void>;
  /** Hears every message on `channel`; resolves once subscribed. */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

/** LISTEN/NOTIFY on the application's database: every instance on it hears every message. */
export function postgresBus(database: Pick<Database, 'notify' | 'listen'>): MessageBus {
  return {
    transport: () => 'postgres',
    publish: (channel, payload) => database.notify(channel, payload),
    publishOnCommit: (tx, channel, payload) => notifyInTransaction(tx, channel, payload),
    subscribe: (channel, onMessage) => database.listen(channel, onMessage),
    close: async () => undefined,
  };
}
