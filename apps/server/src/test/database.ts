import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';

let pgliteTemplate: Blob | undefined;

/** A fresh in-memory PGlite database started from the migrated template of the global setup. */
function openPgliteCopy(): Promise<Database> {
  const file = inject('pgliteTemplate');
  if (file && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(file)]);
  return openDatabase({ pgliteDump: pgliteTemplate });
}

/** A private copy of the PostgreSQL template: its URL and how to drop it. */
async function createDatabaseCopy(url: string, template: string) {
  const name = `repolog_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const copyUrl = new URL(url);
  copyUrl.pathname = `/${name}`;
  return {
    url: copyUrl.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Where a fresh, migrated database can be opened by another process too: a private copy of the
 * PostgreSQL template (with TEST_DATABASE_URL), else a new folder holding a copy of the migrated
 * PGlite data folder of the global setup (at `pgliteSubdir` inside it: `DATA_DIR`'s `pg`). A
 * copy starts without initdb or migrations, in this process and in every child process. `drop`
 * removes it.
 */
export async function createTestDatabaseLocation(pgliteSubdir = ''): Promise<{
  url?: string;
  dataDir?: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) return createDatabaseCopy(url, template);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'repolog-pglite-'));
  const templateDir = inject('pgliteTemplateDir');
  if (templateDir) cpSync(templateDir, path.join(dataDir, pgliteSubdir), { recursive: true });
  return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite (a copy of the migrated
 * template) by default, or a private copy of the PostgreSQL template when TEST_DATABASE_URL is set.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) return openPgliteCopy();

  const copy = await createDatabaseCopy(url, template);
  const database = await openDatabase({ url: copy.url, poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * Two handles on one fresh database, as two server instances behind a load balancer have:
 * on PostgreSQL two separate connection pools (so LISTEN/NOTIFY really crosses connections),
 * on in-process PGlite the same object twice. `close` closes both and drops the copy.
 */
export async function openSharedTestDatabases(): Promise<{
  first: Database;
  second: Database;
  close: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) {
    const database = await openPgliteCopy();
    return { first: database, second: database, close: () => database.close() };
  }
  const copy = await createDatabaseCopy(url, template);
  const first = await openDatabase({ url: copy.url, poolSize: 5 });
  const second = await openDatabase({ url: copy.url, poolSize: 5 });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
      await copy.drop();
    },
  };
}
