import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Draft } from '@repolog/contract/drafts';
import { openDatabase } from '../db/client.js';
import { buildTestApp, TEST_ORIGIN } from '../test/app.js';
import { createTestDatabaseLocation } from '../test/database.js';
import { createBlog, createUser, signIn } from '../test/factories.js';
import { liveEditor, type LiveEditor } from '../test/live-editor.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A port nobody listens on now (the server is started on it twice). */
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

describe('a server killed in the middle of live editing', () => {
  let location: Awaited<ReturnType<typeof createTestDatabaseLocation>>;
  const children: ChildProcess[] = [];
  const editors: LiveEditor[] = [];
  afterAll(async () => {
    for (const editor of editors) editor.destroy();
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

  it('loses no acknowledged change; the editor reconnects by itself and what it still had merges', async () => {
    location = await createTestDatabaseLocation();
    const database = await openDatabase({
      url: location.url,
      dataDir: location.dataDir,
      poolSize: 2,
    });
    const t = await buildTestApp({ database });
    const owner = await createUser(t);
    const session = await signIn(t, owner);
    const blog = await createBlog(t, { owner });
    const created = await t.request({
      method: 'POST',
      url: `/api/blog/${blog.id}/drafts`,
      headers: { cookie: session.cookie },
      payload: { title: 'Crash course', content: '' },
    });
    const { draftId } = created.json<Draft>();
    const secret = t.config.secret;
    await t.close();
    await database.close();

    const env = {
      CHILD_DATABASE_URL: location.url ?? '',
      CHILD_PGLITE_DIR: location.dataDir ?? '',
      CHILD_SECRET: secret,
    };
    const port = await freePort();
    const first = await start(env, port);
    const editor = liveEditor({
      baseUrl: `http://127.0.0.1:${port}`,
      draftId,
      origin: TEST_ORIGIN,
      cookie: session.cookie,
      login: owner.userName,
    });
    editors.push(editor);
    await editor.synced();
    for (let n = 1; n <= 20; n += 1) editor.type(editor.text().length, `line ${n}\n`);
    await editor.stored();
    const acknowledged = editor.text();

    // More typing, and the server dies at once: these may not have been stored.
    editor.type(editor.text().length, 'typed as it died\n');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    // The same server comes back on the same address: the editor reconnects by itself and
    // sends what the server lacks.
    await start(env, port);
    await editor.until(
      () => editor.provider.synced && editor.provider.wsconnected,
      'a reconnection',
      45_000,
    );
    await editor.stored();

    const reader = liveEditor({
      baseUrl: `http://127.0.0.1:${port}`,
      draftId,
      origin: TEST_ORIGIN,
      cookie: session.cookie,
    });
    editors.push(reader);
    await reader.synced();
    expect(reader.text().startsWith(acknowledged)).toBe(true);
    expect(reader.text()).toBe(`${acknowledged}typed as it died\n`);
    // Two server starts (each compiles the app with tsx) on a busy 2-core machine take time.
  }, 120_000);
});
