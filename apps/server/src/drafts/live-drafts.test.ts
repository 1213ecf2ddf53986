import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article } from '@repolog/contract/articles';
import type { Draft } from '@repolog/contract/drafts';
import { LIVE_CLOSE } from '@repolog/contract/live';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { openSharedTestDatabases } from '../test/database.js';
import {
  createBlog,
  createUser,
  loginWithGitHub,
  signIn,
  type BlogRow,
  type Session,
} from '../test/factories.js';
import { liveEditor, type LiveEditor } from '../test/live-editor.js';

const baseOf = (t: TestApp) => {
  const address = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
};

/** A raw WebSocket to a draft's live address (for what the client library would never send). */
function rawSocket(t: TestApp, draftId: number, headers: Record<string, string>) {
  const socket = new WebSocket(`${baseOf(t).replace('http', 'ws')}/api/draft/${draftId}/live`, {
    headers,
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return { socket, closed, opened };
}

describe('live co-editing of drafts', () => {
  let t: TestApp;
  let dana: Session;
  let sora: Session;
  let stranger: Session;
  let blog: BlogRow;
  const editors: LiveEditor[] = [];

  const open = (session: Session | undefined, draftId: number, origin = TEST_ORIGIN) => {
    const editor = liveEditor({
      baseUrl: baseOf(t),
      draftId,
      origin,
      ...(session ? { cookie: session.cookie, login: session.userName } : {}),
    });
    editors.push(editor);
    return editor;
  };

  const newDraft = async (session: Session, fields: Record<string, unknown> = {}) => {
    const res = await t.request({
      method: 'POST',
      url: `/api/blog/${blog.id}/drafts`,
      headers: { cookie: session.cookie },
      payload: { title: 'Shared notes', content: 'Start.', ...fields },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Draft>();
  };

  const getDraft = async (session: Session, draftId: number) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/draft/${draftId}`,
        headers: { cookie: session.cookie },
      })
    ).json<Draft>();

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    dana = await loginWithGitHub(t, 'dana-kim');
    sora = await loginWithGitHub(t, 'sora-lee');
    stranger = await signIn(t, await createUser(t));
    blog = await createBlog(t, { owner: { id: dana.userId }, members: [{ id: sora.userId }] });
  });
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });
  afterAll(() => t.close());

  it('two members type at once and end with the same text, which the drafts API then shows', async () => {
    const draft = await newDraft(dana);
    const a = open(dana, draft.draftId);
    const b = open(sora, draft.draftId);
    await Promise.all([a.synced(), b.synced()]);
    expect(a.text()).toBe('Start.');
    expect(a.text('title')).toBe('Shared notes');

    a.type(0, 'Dana was here. ');
    b.type(6, ' Sora too.');
    await a.until(() => a.text() === b.text() && a.text().length > 30, 'the texts to meet');
    expect(a.text()).toContain('Dana was here. ');
    expect(a.text()).toContain(' Sora too.');
    await Promise.all([a.stored(), b.stored()]);

    // The plain fields follow the document (lists, autosave and posting agree with it).
    const row = await vi.waitFor(
      async () => {
        const read = await getDraft(dana, draft.draftId);
        expect(read.content).toBe(a.text());
        return read;
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(row.version).toBeGreaterThan(draft.version);
  });

  it('refuses a visitor, a non-member, a foreign page and a missing draft, each with its reason', async () => {
    const draft = await newDraft(dana);
    const cases: [Session | undefined, number, string, { code: number; reason: string }][] = [
      [undefined, draft.draftId, TEST_ORIGIN, LIVE_CLOSE.signedOut],
      [stranger, draft.draftId, TEST_ORIGIN, LIVE_CLOSE.notFound],
      [sora, draft.draftId, 'https://evil.example', LIVE_CLOSE.foreignOrigin],
      [dana, 2_000_000_000, TEST_ORIGIN, LIVE_CLOSE.notFound],
    ];
    for (const [session, draftId, origin, expected] of cases) {
      const editor = open(session, draftId, origin);
      expect(await editor.closed()).toEqual(expected);
      expect(editor.text()).toBe('');
    }
    expect((await getDraft(dana, draft.draftId)).content).toBe('Start.');
  });

  it('refuses a suspended member (who can still read the draft) with its reason', async () => {
    const draft = await newDraft(dana);
    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, sora.userId));
    try {
      expect((await getDraft(sora, draft.draftId)).content).toBe('Start.');
      const editor = open(sora, draft.draftId);
      expect(await editor.closed()).toEqual(LIVE_CLOSE.suspended);
    } finally {
      await t.database.db
        .update(users)
        .set({ suspendedAt: null, suspendedUntil: null })
        .where(eq(users.id, sora.userId));
    }
    const back = open(sora, draft.draftId);
    await back.synced();
    expect(back.text()).toBe('Start.');
  });

  it('disconnects an editor who sends what is not a change, or too much at once, and keeps the document', async () => {
    const draft = await newDraft(dana);
    const headers = { cookie: sora.cookie, origin: TEST_ORIGIN };

    const garbage = rawSocket(t, draft.draftId, headers);
    await garbage.opened;
    // A sync message (0) whose update (2) is not a Yjs update.
    garbage.socket.send(Uint8Array.from([0, 2, 5, 1, 2, 3, 4, 5]));
    expect(await garbage.closed).toEqual(LIVE_CLOSE.malformed);

    const unknown = rawSocket(t, draft.draftId, headers);
    await unknown.opened;
    unknown.socket.send(Uint8Array.from([42, 0]));
    expect(await unknown.closed).toEqual(LIVE_CLOSE.malformed);

    const huge = rawSocket(t, draft.draftId, headers);
    await huge.opened;
    huge.socket.send(new Uint8Array(1024 * 1024 + 10));
    expect(await huge.closed).toEqual(LIVE_CLOSE.tooLarge);

    const flood = rawSocket(t, draft.draftId, headers);
    await flood.opened;
    // Query-awareness messages: harmless alone, a flood all the same.
    for (let n = 0; n < 400 && flood.socket.readyState === WebSocket.OPEN; n += 1) {
      flood.socket.send(Uint8Array.from([3]));
    }
    expect(await flood.closed).toEqual(LIVE_CLOSE.tooFast);

    const check = open(dana, draft.draftId);
    await check.synced();
    expect(check.text()).toBe('Start.');
    expect((await getDraft(dana, draft.draftId)).content).toBe('Start.');
  });

  it('refuses presence that names someone else', async () => {
    const draft = await newDraft(dana);
    const liar = open(sora, draft.draftId);
    await liar.synced();
    liar.provider.awareness.setLocalStateField('user', { name: 'dana-kim', color: '#000' });
    expect(await liar.closed()).toEqual(LIVE_CLOSE.malformed);
  });

  it('disconnects a member as soon as they are removed from the blog', async () => {
    const team = await createBlog(t, {
      owner: { id: dana.userId },
      members: [{ id: sora.userId }],
      name: 'Removal lab',
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/blog/${team.id}/drafts`,
      headers: { cookie: dana.cookie },
      payload: { title: 'Soon alone', content: '' },
    });
    const draft = res.json<Draft>();
    const member = open(sora, draft.draftId);
    await member.synced();
    const started = Date.now();
    const removed = await t.request({
      method: 'PUT',
      url: `/api/blog/${team.id}`,
      headers: { cookie: dana.cookie },
      payload: { blogName: team.name, description: team.description, blogMember: [] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await member.closed()).toEqual(LIVE_CLOSE.removed);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a form save shows in the live document; a stale one is refused', async () => {
    const draft = await newDraft(dana);
    const a = open(sora, draft.draftId);
    await a.synced();
    a.type(a.text().length, ' Live line.');
    await a.stored();

    // The form of someone whose WebSocket is blocked saves through the API.
    const current = await vi.waitFor(
      async () => {
        const read = await getDraft(dana, draft.draftId);
        expect(read.content).toBe(a.text());
        return read;
      },
      { timeout: 5_000, interval: 20 },
    );
    const save = await t.request({
      method: 'PUT',
      url: `/api/draft/${draft.draftId}`,
      headers: { cookie: dana.cookie },
      payload: {
        version: current.version,
        title: 'Shared notes, edited',
        content: current.content,
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    await a.until(() => a.text('title') === 'Shared notes, edited', 'the form save to arrive');
    expect(a.text()).toBe('Start. Live line.');

    const stale = await t.request({
      method: 'PUT',
      url: `/api/draft/${draft.draftId}`,
      headers: { cookie: dana.cookie },
      payload: { version: draft.version, title: 'Overwrite', content: 'Gone' },
    });
    expect(stale.statusCode).toBe(409);
    expect(a.text('title')).toBe('Shared notes, edited');
  });

  it('posting records every member who changed the draft as a co-author; co-authors edit, only the author deletes', async () => {
    const draft = await newDraft(dana, { title: 'Written together', content: '' });
    const a = open(dana, draft.draftId);
    const b = open(sora, draft.draftId);
    await Promise.all([a.synced(), b.synced()]);
    a.type(0, 'Dana wrote the problem. ');
    await a.stored();
    await b.until(() => b.text().length > 0, 'dana’s words');
    b.type(b.text().length, 'Sora wrote the fix.');
    await b.stored();

    const current = await getDraft(dana, draft.draftId);
    const posted = await t.request({
      method: 'POST',
      url: `/api/draft/${draft.draftId}/publish`,
      headers: { cookie: dana.cookie },
      payload: { version: current.version },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const { articleId } = posted.json<{ articleId: number }>();
    // Everyone who had it open is told.
    expect(await b.closed()).toEqual(LIVE_CLOSE.posted);

    const article = (
      await t.request({ method: 'GET', url: `/api/article/breakthrough/${articleId}` })
    ).json<Article>();
    // Posted as the document stood, with every stored change.
    expect(article.content).toBe('Dana wrote the problem. Sora wrote the fix.');
    expect(article.userName).toBe('dana-kim');
    expect(article.coauthors).toEqual([{ userId: sora.userId, userName: 'sora-lee' }]);

    const edit = (session: Session) =>
      t.request({
        method: 'PUT',
        url: `/api/article/${articleId}`,
        headers: { cookie: session.cookie },
        payload: { blogId: blog.id, title: 'Written together', content: 'Sora polished it.' },
      });
    expect((await edit(sora)).statusCode).toBe(200);
    expect((await edit(stranger)).statusCode).toBe(403);
    const remove = (session: Session) =>
      t.request({
        method: 'DELETE',
        url: `/api/article/${articleId}`,
        headers: { cookie: session.cookie },
      });
    expect((await remove(sora)).statusCode).toBe(403);
    expect((await remove(dana)).statusCode).toBe(200);
  });
});

describe('live drafts across two instances and a restart', () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabases>>;
  let a: TestApp;
  let b: TestApp;
  const editors: LiveEditor[] = [];

  beforeAll(async () => {
    shared = await openSharedTestDatabases();
    a = await buildTestApp({ database: shared.first });
    b = await buildTestApp({ database: shared.second });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.close();
  });

  it('an editor on each instance sees the other’s typing, and a new instance has every stored change', async () => {
    const owner = await createUser(a);
    const member = await createUser(a);
    const team = await createBlog(a, { owner, members: [member] });
    const onA = await signIn(a, owner);
    const onB = await signIn(b, member);
    const created = await a.request({
      method: 'POST',
      url: `/api/blog/${team.id}/drafts`,
      headers: { cookie: onA.cookie },
      payload: { title: 'Across', content: '' },
    });
    const { draftId } = created.json<Draft>();
    const open = (t: TestApp, session: Session) => {
      const editor = liveEditor({
        baseUrl: baseOf(t),
        draftId,
        origin: TEST_ORIGIN,
        cookie: session.cookie,
        login: session.userName,
      });
      editors.push(editor);
      return editor;
    };
    const first = open(a, onA);
    const second = open(b, onB);
    await Promise.all([first.synced(), second.synced()]);
    first.type(0, 'From A. ');
    await second.until(() => second.text() === 'From A. ', 'A’s words on B');
    second.type(8, 'From B.');
    await first.until(() => first.text() === 'From A. From B.', 'B’s words on A');
    await Promise.all([first.stored(), second.stored()]);
    // Presence crosses instances too.
    await first.until(
      () =>
        [...first.provider.awareness.getStates().values()].some(
          (state) => (state as { user?: { name?: string } }).user?.name === member.userName,
        ),
      'B’s editor in A’s presence list',
    );

    // Every acknowledged change is in PostgreSQL: an instance started now serves them all.
    for (const editor of editors.splice(0)) editor.destroy();
    const fresh = await buildTestApp({ database: shared.second });
    try {
      await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const late = open(fresh, onB);
      await late.synced();
      expect(late.text()).toBe('From A. From B.');
    } finally {
      for (const editor of editors.splice(0)) editor.destroy();
      await fresh.app.close();
    }
  });
});
