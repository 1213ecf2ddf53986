import pg from 'pg';
import { ConfigError } from '../config.js';
import { replicaAllowed } from './read-routing.js';

/** The replica's state as the metrics and tests see it. */
export interface ReplicaStats {
  /** Caught up within the allowed lag and answering: reads may go there. */
  healthy: boolean;
  /** How far behind the primary it was at the last check (ms). */
  lagMs: number;
  /** Queries sent to the replica, and reads that went to the primary instead. */
  replicaReads: number;
  primaryReads: number;
  /** Replica queries that failed (it went away) and were answered by the primary. */
  fallbacks: number;
}

/** Only plain reads go to a replica: no locking clauses, no functions with side effects. */
const PLAIN_READ = /^\s*select\b/i;
const NOT_A_PLAIN_READ =
  /\bfor\s+(?:no\s+key\s+update|update|share|key\s+share)\b|pg_notify|pg_advisory|pg_try_advisory|nextval|setval/i;

/** Errors that say the replica is gone or cannot serve (not that the query is wrong). */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '40001', // canceled: conflict with recovery
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const isUnavailable = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  return typeof message === 'string' && /Connection terminated|timeout exceeded/i.test(message);
};

/** "16/B374D848" -> a comparable number. */
const lsn = (text: string) => {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
};

type QueryArgs = Parameters<pg.Pool['query']>;

/**
 * What Drizzle is given for the read handle: a pool whose plain reads go to the replica when
 * the request allows it (read-routing.ts) and the replica is caught up, and everything else
 * (writes, transactions, reads of a session that just wrote) to the primary. Its name ends in
 * "Pool" so Drizzle opens transactions with `connect()`, which gives a primary connection.
 */
class ReplicaRoutingPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replica: pg.Pool,
    private readonly state: ReplicaStats,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  connect() {
    return this.primary.connect();
  }

  query(...args: QueryArgs) {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const replica =
      this.state.healthy &&
      replicaAllowed() &&
      PLAIN_READ.test(text) &&
      !NOT_A_PLAIN_READ.test(text);
    if (!replica) {
      this.state.primaryReads += 1;
      return (this.primary.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
    }
    this.state.replicaReads += 1;
    return (this.replica.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args).catch(
      (error: unknown) => {
        if (!isUnavailable(error)) throw error;
        this.onFailure(error);
        this.state.fallbacks += 1;
        return (this.primary.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
      },
    );
  }
}

export interface Replica {
  /** The pool-like client to build the read handle's Drizzle on. */
  client: ReplicaRoutingPool;
  stats(): ReplicaStats;
  /** Checks the lag now (tests; the timer does it every `checkEveryMs`). */
  check(): Promise<void>;
  close(): Promise<void>;
}

const hostOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}`;
  } catch {
    return 'the address given';
  }
};

/**
 * Opens the replica of DATABASE_READ_URL beside the primary's pool. It must answer at start
 * (else a ConfigError naming the setting); afterwards a replica that falls more than
 * `maxLagMs` behind, or stops answering, is passed over until it is back.
 */
export async function openReplica(options: {
  primary: pg.Pool;
  url: string;
  poolSize: number;
  maxLagMs: number;
}): Promise<Replica> {
  const { primary, maxLagMs } = options;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    // A replica that went away is given up quickly: the primary answers instead.
    connectionTimeoutMillis: 2_000,
  });
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new ConfigError(
      `DATABASE_READ_URL: the replica at ${hostOf(options.url)} cannot be reached (${(error as Error).message}).`,
    );
  }

  const state: ReplicaStats = {
    healthy: false,
    lagMs: 0,
    replicaReads: 0,
    primaryReads: 0,
    fallbacks: 0,
  };
  // Positions of the primary's WAL, oldest first, that the replica had not replayed yet. The
  // insert position counts a commit not yet written out (synchronous_commit=off) too.
  const behind: { at: number; lsn: bigint }[] = [];
  const check = async () => {
    try {
      const { rows: written } = await primary.query<{ lsn: string }>(
        'SELECT pg_current_wal_insert_lsn()::text AS lsn',
      );
      const at = Date.now();
      const { rows: replayed } = await pool.query<{ lsn: string | null }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      const done = replayed[0]?.lsn;
      behind.push({ at, lsn: lsn(written[0]?.lsn ?? '0/0') });
      if (behind.length > 10_000) behind.shift();
      // Not a standby (no replay position): nothing to wait for.
      const upTo = done ? lsn(done) : (behind[behind.length - 1]?.lsn ?? 0n);
      while (behind[0] && behind[0].lsn <= upTo) behind.shift();
      // Behind is never 0 ms, even within the millisecond it was seen: 0 means caught up.
      state.lagMs = behind[0] ? Math.max(1, Date.now() - behind[0].at) : 0;
      state.healthy = state.lagMs <= maxLagMs;
    } catch {
      state.healthy = false;
    }
  };
  await check();
  const checkEveryMs = Math.min(1000, Math.max(50, Math.floor(maxLagMs / 4)));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void check().finally(() => {
      running = false;
    });
  }, checkEveryMs);
  timer.unref();

  return {
    client: new ReplicaRoutingPool(primary, pool, state, () => {
      state.healthy = false;
    }),
    stats: () => ({ ...state }),
    check,
    close: async () => {
      clearInterval(timer);
      await pool.end();
    },
  };
}
