import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@repolog/contract/drafts';
import WebSocket from 'ws';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { liveEditor, type LiveEditor } from '../test/live-editor.js';
import { awarenessMessage, encodeAwarenessEntries } from './live-codec.js';

const BEAT_MS = 100;

const present = (editor: LiveEditor) =>
  [...editor.provider.awareness.getStates().values()].map(
    (state) => (state as { user?: { name?: string } }).user?.name,
  );

describe('live connections kept alive', () => {
  let t: TestApp;
  let dana: Session;
  let sora: Session;
  let draftId: number;
  const editors: LiveEditor[] = [];
  const sockets: WebSocket[] = [];

  const port = () => (t.app.server.address() as AddressInfo).port;
  const open = (session: Session) => {
    const editor = liveEditor({
      baseUrl: `http://127.0.0.1:${port()}`,
      draftId,
      origin: TEST_ORIGIN,
      cookie: session.cookie,
      login: session.userName,
    });
    editors.push(editor);
    return editor;
  };
  /** A bare connection: it answers pings only when `autoPong` is left on. */
  const bare = async (session: Session, autoPong: boolean) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port()}/api/draft/${draftId}/live`, {
      headers: { cookie: session.cookie, origin: TEST_ORIGIN },
      autoPong,
    });
    sockets.push(socket);
    await new Promise((resolve) => socket.on('open', resolve));
    return socket;
  };

  beforeAll(async () => {
    t = await buildTestApp({ liveKeepaliveMs: BEAT_MS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    dana = await signIn(t, await createUser(t));
    sora = await signIn(t, await createUser(t));
    const blog = await createBlog(t, {
      owner: { id: dana.userId },
      members: [{ id: sora.userId }],
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/blog/${blog.id}/drafts`,
      headers: { cookie: dana.cookie },
      payload: { title: 'Quiet notes', content: '' },
    });
    draftId = res.json<Draft>().draftId;
  });
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(() => t.close());

  it('a silent lone editor is pinged and hears from the server on every beat', async () => {
    const lone = await bare(dana, true);
    let pings = 0;
    let empty = 0;
    const nobody = Buffer.from(awarenessMessage(encodeAwarenessEntries([])));
    lone.on('ping', () => (pings += 1));
    lone.on('message', (data: Buffer) => {
      if (nobody.equals(data)) empty += 1;
    });
    // Three beats take 0.3 s; a busy 2-core CI machine can stretch timers (and the admission's
    // reads) many times over, so the wait is long and ends on the third beat.
    await vi.waitFor(() => expect(Math.min(pings, empty)).toBeGreaterThanOrEqual(3), {
      timeout: 40_000,
    });
    expect(lone.readyState).toBe(WebSocket.OPEN);
  }, 60_000);

  it('an editor who stops answering is ended and leaves the others’ presence list', async () => {
    const watcher = open(dana);
    await watcher.synced();
    const gone = await bare(sora, false);
    const closed = new Promise<number>((resolve) => gone.on('close', resolve));
    gone.send(
      awarenessMessage(
        encodeAwarenessEntries([
          { clientId: 424242, clock: 1, json: JSON.stringify({ user: { name: sora.userName } }) },
        ]),
      ),
    );
    await watcher.until(() => present(watcher).includes(sora.userName), 'sora to appear');
    await watcher.until(
      () => !present(watcher).includes(sora.userName),
      'sora to leave once the pings go unanswered',
      10 * BEAT_MS,
    );
    expect(await closed).toBe(1006);
    expect(watcher.closes).toEqual([]);
  });

  it('a join and a leave show in the others’ presence list within a second', async () => {
    const a = open(dana);
    await a.synced();
    const b = open(sora);
    await a.until(() => present(a).includes(sora.userName), 'sora to join', 1000);
    b.destroy();
    await a.until(() => !present(a).includes(sora.userName), 'sora to leave', 1000);
  });
});
