import { afterAll, describe, expect, it } from 'vitest';
import type { Draft } from '@repolog/contract/drafts';
import { TEST_ORIGIN } from '../test/app.js';
import { crashDatabase, freePort, killNow, startChild } from '../test/children.js';
import { createBlog, createUser, signIn } from '../test/factories.js';
import { liveEditor, type LiveEditor } from '../test/live-editor.js';

describe('a server killed in the middle of live editing', () => {
  const db = crashDatabase();
  const editors: LiveEditor[] = [];
  afterAll(() => {
    for (const editor of editors) editor.destroy();
  });

  it('loses no acknowledged change; the editor reconnects by itself and what it still had merges', async () => {
    const { owner, session, draftId, secret } = await db.prepare(async (t) => {
      const owner = await createUser(t);
      const session = await signIn(t, owner);
      const blog = await createBlog(t, { owner });
      const created = await t.request({
        method: 'POST',
        url: `/api/blog/${blog.id}/drafts`,
        headers: { cookie: session.cookie },
        payload: { title: 'Crash course', content: '' },
      });
      return { owner, session, draftId: created.json<Draft>().draftId };
    });

    const env = db.childEnv(secret);
    const port = await freePort();
    const first = await startChild(env, port);
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
    await killNow(first);

    // The same server comes back on the same address: the editor reconnects by itself and
    // sends what the server lacks.
    await startChild(env, port);
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
    // Two server starts (each opening the database anew) on a busy 2-core machine take time.
  }, 120_000);
});
