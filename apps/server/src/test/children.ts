// Servers in processes of their own, for the tests that kill one (SIGKILL) and start it again on
// the same database: the crash tests of live drafts, view counts and the outbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { buildTestApp, type TestApp } from './app.js';
import { createTestDatabaseLocation } from './database.js';

/** A port nobody listens on now (a server is started on it, killed and started on it again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Every process started here and still running; crashDatabase kills them after its tests. */
const started = new Set<ChildProcess>();

/**
 * Runs a test entry (a file of this folder, bundled once per run by the global setup) in a
 * process of its own and resolves once it has printed `ready`; rejects with everything it
 * printed if it exits first.
 */
function run(
  file: string,
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<ChildProcess & { output: () => string }> {
  const bundle = path.join(inject('testChildren'), file.replace(/\.ts$/, '.js'));
  const child = spawn(process.execPath, ['--enable-source-maps', bundle, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve(Object.assign(child, { output: () => output }));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => {
      started.delete(child);
      reject(new Error(`the ${file} process exited:\n${output}`));
    });
  });
}

/** Kills a process at once (SIGKILL) and resolves with the signal it died of. */
export function killNow(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.signalCode);
  }
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  child.kill('SIGKILL');
  return exited;
}

/**
 * A database for one crash test that a server process can open too (a private PostgreSQL copy,
 * or a PGlite data folder), dropped after the file's tests. `prepare` writes its first rows
 * through a test app in this process, which then lets go of the database (PGlite allows one
 * process at a time).
 */
export function crashDatabase() {
  let location: Awaited<ReturnType<typeof createTestDatabaseLocation>> | undefined;
  afterAll(async () => {
    // Its servers go first.
    await Promise.all([...started].map(killNow));
    await location?.drop();
  });
  const where = () => {
    if (!location) throw new Error('prepare() the crash database first');
    return location;
  };
  return {
    /** The database, opened in this process (once a server process has let go of it). */
    open: (): Promise<Database> =>
      openDatabase({ url: where().url, dataDir: where().dataDir, poolSize: 2 }),
    /** Creates the database and writes its first rows with `seed`; resolves with what it returned and the app's secret. */
    async prepare<T>(seed: (t: TestApp) => Promise<T>): Promise<T & { secret: string }> {
      location = await createTestDatabaseLocation();
      const database = await this.open();
      const t = await buildTestApp({ database });
      try {
        return { ...(await seed(t)), secret: t.config.secret };
      } finally {
        await t.close();
        await database.close();
      }
    },
    /** The settings a server process opens this database with (server-child.ts). */
    childEnv: (secret: string): Record<string, string> => ({
      CHILD_DATABASE_URL: where().url ?? '',
      CHILD_PGLITE_DIR: where().dataDir ?? '',
      CHILD_SECRET: secret,
    }),
  };
}

/**
 * Starts a Repolog server in a process of its own (server-child.ts) on `port`; resolves once it
 * listens. Kill it with killNow; it is killed anyway after the tests of its crashDatabase.
 */
export const startChild = (env: Record<string, string>, port: number) =>
  run('server-child.ts', [], { ...env, CHILD_PORT: String(port) }, 'listening');

/**
 * A server process that commits an action (outbox-crash-child.ts: a like, or a comment) and
 * stops right before delivering its event; resolves once the commit is done, with the process
 * (kill it with killNow) and what it printed.
 */
export async function committedThenHung(
  env: Record<string, string>,
  articleId: number,
  cookie: string,
  action: 'like' | 'comment',
) {
  return run(
    'outbox-crash-child.ts',
    [String(articleId), cookie, ...(action === 'comment' ? ['comment'] : [])],
    env,
    'committed',
  );
}
