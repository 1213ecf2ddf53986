import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { runMigrations, type MigrationClient } from './migrate.js';
import { openReplica, type ReplicaStats } from './replica.js';

/** The Drizzle handle every repository takes; a transaction handle has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Unlisten = () => Promise<void>;

/** A connected database: Drizzle for queries, plus what Drizzle does not cover. */
export interface Database {
  db: Db;
  /**
   * The handle for public reads (lists, search, articles, blogs, stored pages): with
   * DATABASE_READ_URL its plain reads may go to the replica (db/replica.ts); else it is `db`.
   */
  read: Db;
  /** The replica's lag and use; undefined without one. */
  replicaStats(): ReplicaStats | undefined;
  kind: 'pglite' | 'postgres';
  /** Publishes on a PostgreSQL NOTIFY channel (reaches every instance on the same database). */
  notify(channel: string, payload: string): Promise<void>;
  /** Subscribes to a NOTIFY channel. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /** The connection pool's use (PostgreSQL); undefined for embedded PGlite (one connection). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /**
   * A migrated PGlite data directory (PGlite's `dumpDataDir`) to start from instead of an empty
   * one: skips PGlite's initdb, most of its start-up time (tests copy one template this way).
   */
  pgliteDump?: Blob | undefined;
  /** pg pool size. */
  poolSize?: number;
  /** A streaming replica of `url` for public reads (DATABASE_READ_URL). */
  replica?: { url: string; maxLagMs: number } | undefined;
}

function migratePglite(client: PGlite): Promise<string[]> {
  const migrationClient: MigrationClient = {
    transaction: (fn) =>
      client.transaction(async (tx) =>
        fn({
          query: async (text) => void (await tx.exec(text)),
          rows: async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
        }),
      ),
  };
  return runMigrations(migrationClient);
}

/** A migrated, empty in-memory PGlite database as a data directory dump (for `pgliteDump`). */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migratePglite(client);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

async function openPglite(dataDir: string | undefined, dump?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(dump ? { loadDataDir: dump } : {}),
    extensions: { pg_trgm },
  });
  await migratePglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    read: db,
    replicaStats: () => undefined,
    kind: 'pglite',
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    ping: async () => {
      await client.query('SELECT 1');
      return true;
    },
    poolStats: () => undefined,
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  replicaOptions: DatabaseOptions['replica'],
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  const migrationClient: MigrationClient = {
    transaction: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn({
          query: async (text) => void (await conn.query(text)),
          rows: async (text) => (await conn.query<Record<string, unknown>>(text)).rows,
        });
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
  };
  await runMigrations(migrationClient);

  // One dedicated connection carries every LISTEN of this process. If it drops (a server
  // restart, a network blip), it reconnects with back-off and listens to every channel again.
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      if (!closed && handlers.size > 0) scheduleReconnect(500);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    listener = client;
    return client;
  };
  const ensureListener = (): Promise<pg.Client> => {
    if (listener) return Promise.resolve(listener);
    connecting ??= connectListener().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  const scheduleReconnect = (delayMs: number) => {
    const timer = setTimeout(() => {
      if (closed || listener) return;
      ensureListener().catch(() => scheduleReconnect(Math.min(delayMs * 2, 30_000)));
    }, delayMs);
    timer.unref();
  };
  const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const replica =
    replicaOptions && (await openReplica({ primary: pool, poolSize, ...replicaOptions }));
  return {
    db,
    read: replica ? drizzlePg(replica.client as unknown as pg.Pool, { schema }) : db,
    replicaStats: () => replica?.stats(),
    kind: 'postgres',
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, onMessage) => {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const client = listener ?? (await ensureListener());
        // A fresh connection already listens to every known channel.
        if (client === listener)
          await client.query(`LISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await listener?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    ping: async () => {
      await pool.query('SELECT 1');
      return true;
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      closed = true;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await replica?.close();
      await pool.end();
    },
  };
}

/** Opens PostgreSQL (when a URL is given) or embedded PGlite, and brings the schema up to date. */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.replica)
    : openPglite(options.dataDir, options.pgliteDump);
}
