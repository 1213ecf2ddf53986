import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Stats } from '@repolog/contract/stats';
import { openDatabase } from '../db/client.js';
import { buildTestApp, TEST_ORIGIN } from '../test/app.js';
import { createTestDatabaseLocation } from '../test/database.js';
import { createArticle, createBlog, createUser, signIn } from '../test/factories.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FLUSH_MS = 300;

function freePort(): Promise<number> {
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

describe('a server killed (SIGKILL) while counting views', () => {
  let location: Awaited<ReturnType<typeof createTestDatabaseLocation>>;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await location.drop();
  });

  const start = async (env: Record<string, string>, port: number) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, '../test/server-child.ts')],
      {
        env: { ...process.env, ...env, CHILD_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listening')) resolve();
      });
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', () => reject(new Error(`the server exited:\n${output}`)));
    });
    return child;
  };

  it('loses at most the last interval and never counts a view twice', async () => {
    location = await createTestDatabaseLocation();
    const database = await openDatabase({
      url: location.url,
      dataDir: location.dataDir,
      poolSize: 2,
    });
    const t = await buildTestApp({ database });
    const writer = await createUser(t);
    const session = await signIn(t, writer);
    const blog = await createBlog(t, { owner: writer });
    const article = await createArticle(t, { blog, author: writer });
    const secret = t.config.secret;
    await t.close();
    await database.close();

    const env = {
      CHILD_DATABASE_URL: location.url ?? '',
      CHILD_PGLITE_DIR: location.dataDir ?? '',
      CHILD_SECRET: secret,
      CHILD_STATS_FLUSH_MS: String(FLUSH_MS),
    };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let reader = 0;
    const views = (count: number) =>
      Promise.all(
        Array.from({ length: count }, async () => {
          reader += 1;
          const res = await fetch(`${base}/api/stats/view`, {
            method: 'POST',
            headers: {
              origin: TEST_ORIGIN,
              'content-type': 'application/json',
              'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/${reader}.0`,
            },
            body: JSON.stringify({ articleId: article.id }),
          });
          expect(res.status).toBe(204);
        }),
      );
    const counted = async () => {
      const res = await fetch(`${base}/api/stats/articles/${article.id}?days=7`, {
        headers: { cookie: session.cookie },
      });
      const stats = (await res.json()) as Stats;
      return stats.days.reduce((sum, day) => sum + day.views, 0);
    };

    const first = await start(env, port);
    await views(30);
    await expect.poll(counted, { timeout: 10_000 }).toBe(30);
    // Counted in memory, then the process dies at once: these may be lost, and only these.
    await views(20);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await start(env, port);
    const survived = await counted();
    expect(survived).toBeGreaterThanOrEqual(30);
    expect(survived).toBeLessThanOrEqual(50);
    // Counting goes on from what was stored, exactly.
    await views(10);
    await expect.poll(counted, { timeout: 10_000 }).toBe(survived + 10);
    // Two server starts (each compiles the app with tsx) on a busy machine take time.
  }, 120_000);
});
