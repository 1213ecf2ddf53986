/**
 * Live co-editors for the cluster run: `drafts` drafts with `perDraft` members each, every one
 * an editor through the load balancer (the page's own y-websocket client, reconnecting on its
 * own), typing marks at the end of the body. `converge` waits until every draft's editors hold
 * the same text with every mark typed, and compares it with a fresh editor's (what is stored).
 */
import { liveEditor, type LiveEditor } from '../apps/server/src/test/live-editor.js';
import { signIn, withClient } from './kit.js';

/** Polls until `done` (vitest's waitFor needs a test runner; this is a plain script). */
async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

interface DraftEditors {
  draftId: number;
  cookie: string;
  editors: LiveEditor[];
  marks: string[];
}

export async function coEditors(options: {
  origin: string;
  databaseUrl: string;
  drafts: number;
  perDraft: number;
}) {
  const { origin, databaseUrl, drafts, perDraft } = options;
  process.setMaxListeners(drafts * (perDraft + 1) + 20);
  const teams = await withClient(databaseUrl, async (client) => {
    const { rows: blogs } = await client.query<{ id: number; owner_id: number }>(
      'SELECT id, owner_id FROM blogs ORDER BY id LIMIT $1',
      [drafts],
    );
    const { rows: others } = await client.query<{ id: number }>(
      'SELECT id FROM users WHERE id NOT IN (SELECT owner_id FROM blogs) ORDER BY id DESC LIMIT $1',
      [drafts * (perDraft - 1)],
    );
    const result = [];
    for (const [i, blog] of blogs.entries()) {
      const members = others.slice(i * (perDraft - 1), (i + 1) * (perDraft - 1)).map((u) => u.id);
      await client.query(
        `INSERT INTO blog_members (blog_id, user_id, added_at)
         SELECT $1, unnest($2::int[]), now() ON CONFLICT DO NOTHING`,
        [blog.id, members],
      );
      const sessions = await signIn(client, [blog.owner_id, ...members]);
      result.push({ blogId: blog.id, sessions });
    }
    return result;
  });

  const all: DraftEditors[] = [];
  for (const team of teams) {
    const owner = team.sessions[0];
    if (!owner) continue;
    const res = await fetch(`${origin}/api/blog/${team.blogId}/drafts`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Written by five', content: '' }),
    });
    const { draftId } = (await res.json()) as { draftId: number };
    const editors = team.sessions.map((session) =>
      liveEditor({ baseUrl: origin, draftId, origin, cookie: session.cookie }),
    );
    await Promise.all(editors.map((editor) => waitUntil(() => editor.provider.synced, 60_000)));
    all.push({ draftId, cookie: owner.cookie, editors, marks: [] });
  }

  let typed = 0;
  const sameText = (draft: DraftEditors) =>
    draft.editors.every((editor) => editor.text() === draft.editors[0]?.text());
  const complete = (draft: DraftEditors) =>
    sameText(draft) && draft.marks.every((mark) => draft.editors[0]?.text().includes(mark));

  return {
    /** Each editor adds a mark every `ms` (connected or not: Yjs keeps it until it syncs). */
    typeEvery(ms: number) {
      const timer = setInterval(() => {
        for (const draft of all) {
          for (const [n, editor] of draft.editors.entries()) {
            typed += 1;
            const mark = `[${n}.${typed}]`;
            draft.marks.push(mark);
            editor.type(editor.text().length, mark);
          }
        }
      }, ms);
      return { stop: () => clearInterval(timer) };
    },

    async converge(timeoutMs: number) {
      const started = Date.now();
      await waitUntil(() => all.every(complete), timeoutMs);
      /** How long every draft's editors took to hold the same text with every mark. */
      const tookMs = Date.now() - started;
      let storedEqual = true;
      for (const draft of all) {
        // A new editor, on whichever instance the balancer picks, loads what was stored.
        const late = liveEditor({
          baseUrl: origin,
          draftId: draft.draftId,
          origin,
          cookie: draft.cookie,
        });
        await waitUntil(() => late.provider.synced, 30_000);
        if (late.text() !== draft.editors[0]?.text()) storedEqual = false;
        late.destroy();
      }
      const marks = all.reduce((n, d) => n + d.marks.length, 0);
      const marksMissing = all.reduce(
        (n, d) => n + d.marks.filter((mark) => !d.editors[0]?.text().includes(mark)).length,
        0,
      );
      return {
        drafts: all.length,
        converged: all.filter(complete).length,
        editors: all.reduce((n, d) => n + d.editors.length, 0),
        reconnects: all.reduce(
          (n, d) => n + d.editors.reduce((m, editor) => m + editor.drops(), 0),
          0,
        ),
        marks,
        marksMissing,
        storedEqual,
        tookMs,
      };
    },

    destroy() {
      for (const draft of all) for (const editor of draft.editors) editor.destroy();
    },
  };
}
