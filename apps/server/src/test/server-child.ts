// A Repolog server in a process of its own, for tests that kill it (SIGKILL) and start it again
// on the same database: it listens on CHILD_PORT (0: any) and prints "listening <port>".
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
// The origin buildTestApp uses (test/app.ts imports vitest, which a plain process cannot).
const TEST_ORIGIN = 'http://localhost:3000';

const config = loadConfig({
  PUBLIC_URL: TEST_ORIGIN,
  SECRET: process.env.CHILD_SECRET ?? '',
  DATA_DIR: '/nonexistent-test-data-dir',
  LOG_LEVEL: 'silent',
  STATS_FLUSH_MS: process.env.CHILD_STATS_FLUSH_MS ?? '',
});
const database = await openDatabase({
  url: process.env.CHILD_DATABASE_URL || undefined,
  dataDir: process.env.CHILD_PGLITE_DIR || undefined,
  poolSize: 2,
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: Number(process.env.CHILD_PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
