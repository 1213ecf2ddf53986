import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migratedPgliteDump, openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    /** A file holding a migrated PGlite data directory each test file starts from. */
    pgliteTemplate: string;
    /**
     * The same migrated PGlite database as a data folder on disk, which the tests that start
     * servers in processes of their own copy (instead of an empty folder each process would run
     * initdb and every migration in).
     */
    pgliteTemplateDir: string;
    /** The folder of the bundled server processes the crash tests start (children.ts). */
    testChildren: string;
  }
}

/** A migrated template: its file (PGlite) or database name (PostgreSQL), and how to drop it. */
interface Template {
  name: string;
  /** PGlite: the migrated data folder on disk. */
  dir?: string;
  drop: () => Promise<void>;
}

/**
 * A migrated, empty PGlite database dumped to a file. Starting PGlite from it takes a fraction
 * of a fresh start (no initdb, no migrations), and every server test file opens at least one.
 */
async function pgliteTemplate(): Promise<Template> {
  const dump = await migratedPgliteDump();
  const dir = mkdtempSync(path.join(tmpdir(), 'repolog-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  const dataDir = path.join(dir, 'data');
  await (await openDatabase({ dataDir, pgliteDump: dump })).close();
  return {
    name: file,
    dir: dataDir,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A migrated PostgreSQL database every test file copies (CREATE DATABASE … TEMPLATE). */
async function pgTemplate(url: string): Promise<Template> {
  const name = `repolog_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: templateUrl.toString(), poolSize: 1 });
  await database.close();
  return {
    name,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The test suite's server processes (server-child.ts, outbox-crash-child.ts) bundled once per
 * run (`build.mjs --test-children`, a few seconds), so each process the tests start loads
 * JavaScript instead of compiling the server's TypeScript on every start. In the workspace's
 * node_modules, where the bundle finds the server's packages.
 */
async function testChildren(): Promise<{ dir: string; drop: () => void }> {
  const cache = path.join(serverRoot, '../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'repolog-test-children-'));
  await promisify(execFile)(process.execPath, [
    path.join(serverRoot, 'build.mjs'),
    '--test-children',
    dir,
  ]);
  return { dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * On PGlite, dumps one migrated template every test file starts from. With TEST_DATABASE_URL,
 * migrates one template database; every test file then gets its own copy. Either way files run
 * in parallel without seeing each other's rows.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = project.config.env.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  // Bundled in another process while this one migrates the template.
  const building = testChildren();
  const template = await (url ? pgTemplate(url) : pgliteTemplate()).catch(async (error) => {
    (await building.catch(() => undefined))?.drop();
    throw error;
  });
  const children = await building.catch(async (error: unknown) => {
    await template.drop();
    throw error;
  });
  project.provide('testChildren', children.dir);
  project.provide('pgTemplate', url ? template.name : '');
  project.provide('pgliteTemplate', url ? '' : template.name);
  project.provide('pgliteTemplateDir', template.dir ?? '');
  return async () => {
    await template.drop();
    children.drop();
  };
}
