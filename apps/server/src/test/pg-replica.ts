import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../../../scripts/pg-replica.sh', import.meta.url));

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops replaying the primary's changes (the replica falls behind) or resumes it. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the replica's server (it went away). */
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their folder. */
  close(): Promise<void>;
}

async function onReplica(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL 15 primary and its streaming replica (scripts/pg-replica.sh: initdb,
 * pg_basebackup), on free ports in a temporary folder; the machine's own server is not touched.
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const dir = mkdtempSync(path.join(tmpdir(), 'repolog-replica-'));
  let stdout: string;
  try {
    ({ stdout } = await run('bash', [script, 'start', dir], { timeout: 120_000 }));
  } catch (error) {
    await run('bash', [script, 'stop', dir]).catch(() => undefined);
    throw error;
  }
  const url = (name: string) => {
    const found = new RegExp(`^${name}=(.+)$`, 'm').exec(stdout)?.[1];
    if (!found) throw new Error(`pg-replica.sh printed no ${name}: ${stdout}`);
    return found;
  };
  const primaryUrl = url('PRIMARY_URL');
  const replicaUrl = url('REPLICA_URL');
  return {
    primaryUrl,
    replicaUrl,
    pauseReplay: () => onReplica(replicaUrl, 'SELECT pg_wal_replay_pause()'),
    resumeReplay: () => onReplica(replicaUrl, 'SELECT pg_wal_replay_resume()'),
    stopReplica: async () => {
      const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
      const stop = [`${bin}/pg_ctl`, '-D', path.join(dir, 'replica'), '-m', 'immediate', 'stop'];
      await (process.getuid?.() === 0
        ? run('runuser', ['-u', 'postgres', '--', ...stop])
        : run(stop[0] ?? 'pg_ctl', stop.slice(1)));
    },
    close: async () => {
      await run('bash', [script, 'stop', dir]);
    },
  };
}
