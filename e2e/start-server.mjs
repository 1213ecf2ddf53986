// Starts the built Repolog server for the browser tests: demo mode, a fresh data folder (and,
// with E2E_DATABASE_URL, a fresh PostgreSQL database of its own: <name>_e2e_<port>).
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = process.env.E2E_PORT ?? '4173';
const dataDir = path.join(here, '.e2e-data', port);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

/** A fresh database named after the port, so each worker's server has its own. */
async function freshDatabase(url) {
  if (!url) return '';
  const { default: pg } = await import('pg');
  const own = new URL(url);
  const name = `${own.pathname.slice(1) || 'postgres'}_e2e_${port}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  own.pathname = `/${name}`;
  return own.toString();
}

const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: await freshDatabase(process.env.E2E_DATABASE_URL),
  LOG_LEVEL: 'warn',
  GITHUB_CLIENT_ID: '',
  GITHUB_CLIENT_SECRET: '',
  NODE_ENV: 'test',
  DEMO_STUB_CONTROL: 'true',
  // Views counted in memory reach the aggregates (and the stats pages) within half a second.
  STATS_FLUSH_MS: process.env.STATS_FLUSH_MS ?? '500',
};
// The server's log (warnings and errors, e.g. a failed outbox delivery) is kept beside its data,
// e2e/.e2e-data/<port>/server.log, to read after a journey failed.
const log = openSync(path.join(dataDir, 'server.log'), 'a');
const server = spawn(process.execPath, [path.join(here, '../apps/server/dist/server.js')], {
  env,
  stdio: ['ignore', log, 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
