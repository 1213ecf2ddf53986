import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migratedPgliteDump, openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    /** A file holding a migrated PGlite data directory each test file starts from. */
    pgliteTemplate: string;
  }
}

/**
 * A migrated, empty PGlite database dumped to a file. Starting PGlite from it takes a fraction
 * of a fresh start (no initdb, no migrations), and every server test file opens at least one.
 */
async function pgliteTemplate(): Promise<{ file: string; drop: () => void }> {
  const dump = await migratedPgliteDump();
  const dir = mkdtempSync(path.join(tmpdir(), 'repolog-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * On PGlite, dumps one migrated template every test file starts from. With TEST_DATABASE_URL,
 * migrates one template database; every test file then gets its own copy. Either way files run
 * in parallel without seeing each other's rows.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const url = project.config.env.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = await pgliteTemplate();
    project.provide('pgTemplate', '');
    project.provide('pgliteTemplate', template.file);
    return async () => template.drop();
  }
  project.provide('pgliteTemplate', '');
  const template = `repolog_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const database = await openDatabase({ url: templateUrl.toString(), poolSize: 1 });
  await database.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
