import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Draft, DraftSummary } from '@repolog/contract/drafts';
import { encodeAwarenessUpdate } from 'y-protocols/awareness';
import WebSocket from 'ws';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { createBlog, createUser, signIn, type Session } from '../test/factories.js';
import { liveEditor, type LiveEditor } from '../test/live-editor.js';
import { awarenessMessage, encodeAwarenessEntries } from './live-codec.js';

/** The logins in an editor's presence list. */
const present = (editor: LiveEditor) =>
  [...editor.provider.awareness.getStates().values()].map(
    (state) => (state as { user?: { name?: string } }).user?.name,
  );

/** What an editor's client does with others' presence: passes it on to the server. */
const passOn = (editor: LiveEditor, update: Uint8Array) => {
  editor.provider.ws?.send(awarenessMessage(update));
};

describe('presence of editors on real networks', () => {
  let t: TestApp;
  let dana: Session;
  let sora: Session;
  let mina: Session;
  let blogId: number;
  let draftId: number;
  const editors: LiveEditor[] = [];

  const open = (session: Session, more: { clientId?: number; renewals?: number } = {}) => {
    const address = t.app.server.address() as AddressInfo;
    const editor = liveEditor({
      baseUrl: `http://127.0.0.1:${address.port}`,
      draftId,
      origin: TEST_ORIGIN,
      cookie: session.cookie,
      login: session.userName,
      ...more,
    });
    editors.push(editor);
    return editor;
  };

  /** Three members in one draft, each seeing the other two. */
  const threeEditors = async () => {
    const a = open(dana);
    const b = open(sora);
    const c = open(mina);
    await Promise.all([a.synced(), b.synced(), c.synced()]);
    for (const editor of [a, c]) {
      await editor.until(
        () => present(editor).includes(sora.userName),
        'everyone in the presence list',
      );
    }
    return { a, b, c };
  };

  /** Both type and see each other's words: their connections work. */
  const stillEditing = async (first: LiveEditor, second: LiveEditor, words: string) => {
    first.type(first.text().length, ` ${words}-1`);
    await first.stored();
    await second.until(() => second.text().includes(`${words}-1`), `${words} on the other side`);
    second.type(second.text().length, ` ${words}-2`);
    await second.stored();
    await first.until(() => first.text().includes(`${words}-2`), `${words} back`);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    [dana, sora, mina] = (await Promise.all(
      ['dana', 'sora', 'mina'].map(async () => signIn(t, await createUser(t))),
    )) as [Session, Session, Session];
    const blog = await createBlog(t, {
      owner: { id: dana.userId },
      members: [{ id: sora.userId }, { id: mina.userId }],
    });
    blogId = blog.id;
  });
  beforeEach(async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/blog/${blogId}/drafts`,
      headers: { cookie: dana.cookie },
      payload: { title: 'Train notes', content: 'Start.' },
    });
    draftId = res.json<Draft>().draftId;
  });
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });
  afterAll(() => t.close());

  it('one of three leaves and the other two keep passing on its last presence: nobody is disconnected', async () => {
    const { a, b, c } = await threeEditors();
    const soraId = b.doc.clientID;
    const lastOfSora = encodeAwarenessUpdate(a.provider.awareness, [soraId]);
    b.destroy();
    await a.until(() => !present(a).includes(sora.userName), 'sora to leave A’s list');
    await c.until(() => !present(c).includes(sora.userName), 'sora to leave C’s list');

    for (let round = 0; round < 5; round += 1) {
      passOn(a, lastOfSora);
      passOn(c, lastOfSora);
      await stillEditing(a, c, `round${round}`);
    }
    expect(a.closes).toEqual([]);
    expect(c.closes).toEqual([]);
    // A departed editor's presence passed on late does not bring them back.
    expect(present(a)).not.toContain(sora.userName);
    expect(present(c)).not.toContain(sora.userName);
  });

  it('the editor who left comes back 40 s later: the others see them at once, nobody is disconnected', async () => {
    const { a, b, c } = await threeEditors();
    const soraId = b.doc.clientID;
    const lastOfSora = encodeAwarenessUpdate(a.provider.awareness, [soraId]);
    b.destroy();
    await a.until(() => !present(a).includes(sora.userName), 'sora to leave');
    passOn(a, lastOfSora);
    passOn(c, lastOfSora);

    // 40 s away: the same page (same client id) renewed its presence about three times.
    const back = open(sora, { clientId: soraId, renewals: 3 });
    await back.synced();
    await a.until(() => present(a).includes(sora.userName), 'sora back in A’s list', 1000);
    await c.until(() => present(c).includes(sora.userName), 'sora back in C’s list', 1000);
    await stillEditing(a, back, 'after');
    await stillEditing(back, c, 'later');
    for (const editor of [a, back, c]) expect(editor.closes).toEqual([]);
  });

  it('a departed editor whose presence clock is behind the server’s is shown again when back', async () => {
    const { a, b, c } = await threeEditors();
    const soraId = b.doc.clientID;
    b.destroy();
    await a.until(() => !present(a).includes(sora.userName), 'sora to leave');
    const back = open(sora, { clientId: soraId });
    await back.synced();
    await a.until(() => present(a).includes(sora.userName), 'sora back in A’s list', 1000);
    await c.until(() => present(c).includes(sora.userName), 'sora back in C’s list', 1000);
    for (const editor of [a, back, c]) expect(editor.closes).toEqual([]);
  });

  it('coming back while the server still holds the old connection shows the editor at once', async () => {
    const { a, b } = await threeEditors();
    const soraId = b.doc.clientID;
    // Its presence as renewed once more just before the tunnel.
    const renewed = encodeAwarenessEntries([
      {
        clientId: soraId,
        clock: (b.provider.awareness.meta.get(soraId)?.clock ?? 0) + 1,
        json: JSON.stringify(b.provider.awareness.getLocalState()),
      },
    ]);
    // The old connection went quiet without closing (a train's tunnel), and kept its presence.
    const stale = new WebSocket(
      `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/draft/${draftId}/live`,
      { headers: { cookie: sora.cookie, origin: TEST_ORIGIN } },
    );
    await new Promise((resolve) => stale.on('open', resolve));
    b.destroy();
    await a.until(() => !present(a).includes(sora.userName), 'sora to leave');
    stale.send(awarenessMessage(renewed));
    await a.until(() => present(a).includes(sora.userName), 'the stale connection’s presence');

    const back = open(sora, { clientId: soraId, renewals: 3 });
    await back.synced();
    await a.until(
      () =>
        (a.provider.awareness.meta.get(soraId)?.clock ?? 0) >=
        (back.provider.awareness.meta.get(soraId)?.clock ?? Infinity),
      'the returning page’s presence',
      1000,
    );
    stale.close();
    // The stale connection going does not take the returning page's presence with it.
    await stillEditing(a, back, 'tunnel');
    expect(present(a)).toContain(sora.userName);
    for (const editor of [a, back]) expect(editor.closes).toEqual([]);
  });

  it('the blog’s drafts list says who is in each draft now', async () => {
    const inDraft = async () => {
      const res = await t.request({
        method: 'GET',
        url: `/api/blog/${blogId}/drafts`,
        headers: { cookie: sora.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DraftSummary[]>().find((draft) => draft.draftId === draftId)?.editingNow;
    };
    expect(await inDraft()).toEqual([]);
    const a = open(dana);
    const c = open(mina);
    await Promise.all([a.synced(), c.synced()]);
    await a.until(() => present(a).includes(mina.userName), 'mina in the draft');
    expect((await inDraft())?.sort()).toEqual([dana.userName, mina.userName].sort());
    c.destroy();
    await a.until(() => !present(a).includes(mina.userName), 'mina to leave');
    expect(await inDraft()).toEqual([dana.userName]);
  });
});
