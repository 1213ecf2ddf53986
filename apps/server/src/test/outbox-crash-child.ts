// A server process that dies between an action's commit and the delivery of its event: it
// likes an article (argv: articleId, cookie; or comments on it with argv[3] = 'comment') through
// the real app, whose outbox stops right before delivering; it prints "committed" and hangs
// there until the test kills it (SIGKILL).
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
// The origin buildTestApp uses (test/app.ts imports vitest, which a plain process cannot).
const TEST_ORIGIN = 'http://localhost:3000';

const [articleId, cookie, action] = process.argv.slice(2);
const config = loadConfig({
  PUBLIC_URL: TEST_ORIGIN,
  SECRET: process.env.CHILD_SECRET ?? '',
  DATA_DIR: '/nonexistent-test-data-dir',
  LOG_LEVEL: 'silent',
  EMAIL_DIGESTS: 'false',
});
const database = await openDatabase({
  url: process.env.CHILD_DATABASE_URL || undefined,
  dataDir: process.env.CHILD_PGLITE_DIR || undefined,
  poolSize: 2,
});
const app = await buildApp({
  config,
  database,
  logger: false,
  outboxHooks: {
    beforeDelivery: () => {
      process.stdout.write('committed\n');
      return new Promise<void>(() => undefined);
    },
  },
});
await app.ready();
const res = await app.inject(
  action === 'comment'
    ? {
        method: 'POST',
        url: '/api/comment',
        headers: { origin: TEST_ORIGIN, cookie: cookie ?? '' },
        payload: { articleId: Number(articleId), content: 'Written just before a crash' },
      }
    : {
        method: 'PUT',
        url: `/api/article/${articleId}/like`,
        headers: { origin: TEST_ORIGIN, cookie: cookie ?? '' },
        payload: { articleId: Number(articleId) },
      },
);
// Not reached while the hook holds the delivery; if it is, the test fails on this line.
process.stdout.write(`answered ${res.statusCode}\n`);
