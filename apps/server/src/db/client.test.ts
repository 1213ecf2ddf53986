import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { users } from './schema.js';
import journal from './migrations/meta/_journal.json' with { type: 'json' };

const MIGRATIONS = journal.entries.length;

/** How many migrations are recorded (the raw result type differs between drivers). */
async function appliedMigrations(database: Database | undefined): Promise<number> {
  const result = (await database?.db.execute(
    sql`SELECT count(*)::int AS n FROM repolog_migrations`,
  )) as { rows: { n: number }[] } | undefined;
  return result?.rows[0]?.n ?? -1;
}

const pgUrl = process.env.TEST_DATABASE_URL;

// Embedded PGlite is the same on either run: only the PGlite run tries it.
if (!pgUrl) {
  it(
    'keeps embedded PGlite data across restarts and migrates only once',
    {
      // Two starts of PGlite on disk, the first with initdb: on a busy 2-core machine ~20 s.
      timeout: 60_000,
    },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'repolog-pglite-'));
      try {
        const first = await openDatabase({ dataDir: path.join(dir, 'pg') });
        await first.db.insert(users).values({ githubId: 1, userName: 'survivor' });
        await first.close();

        const second = await openDatabase({ dataDir: path.join(dir, 'pg') });
        const rows = await second.db.select().from(users);
        expect(rows.map((r) => r.userName)).toEqual(['survivor']);
        expect(await appliedMigrations(second)).toBe(MIGRATIONS);
        await second.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
}

// Only the PostgreSQL run has a server to share; the PGlite run has no second process to try.
if (pgUrl) {
  it('lets several instances start at once against one PostgreSQL database', async () => {
    const name = `repolog_multi_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl ?? '');
    url.pathname = `/${name}`;
    try {
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 2 })),
      );
      await instances[0]?.db.insert(users).values({ githubId: 7, userName: 'shared' });
      const seen = await instances[2]?.db.select().from(users);
      expect(seen?.map((u) => u.userName)).toEqual(['shared']);
      expect(await appliedMigrations(instances[1])).toBe(MIGRATIONS);

      // NOTIFY from one instance reaches LISTEN on another (listening once `listen` resolves).
      let resolveReceived: (payload: string) => void = () => undefined;
      const received = new Promise<string>((resolve) => (resolveReceived = resolve));
      await instances[1]?.listen('repolog_test', resolveReceived);
      await instances[0]?.notify('repolog_test', 'hello');
      expect(await received).toBe('hello');

      // The listening connection is killed (a server restart, a network blip): it comes back.
      const next = new Promise<string>((resolve) => {
        void instances[1]?.listen('repolog_test', (payload) => {
          if (payload === 'after') resolve(payload);
        });
      });
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'`,
        [name],
      );
      // Until it is back a notification is lost, so one is sent until one arrives.
      let delivered = '';
      void next.then((payload) => (delivered = payload));
      await vi.waitFor(
        async () => {
          if (!delivered) await instances[0]?.notify('repolog_test', 'after');
          expect(delivered).toBe('after');
        },
        { timeout: 10_000, interval: 300 },
      );
      await Promise.all(instances.map((i) => i?.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
}
