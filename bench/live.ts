/**
 * Live co-editing benchmark (DESIGN.md §6: update fan-out p99 under 100 ms with 50 editors on 10
 * drafts). Starts the built server on a fresh PostgreSQL database, opens 50 editors (the same
 * y-websocket client the page uses) on 10 drafts, five per draft, and has each type at 5
 * updates a second. Every update carries its own mark; each other editor of the draft notes
 * when the mark arrives. Prints fan-out latency (send to arrival at another editor), updates and
 * deliveries per second, deliveries missing at the end, and the server's memory per open
 * document. Asserts nothing. Needs `npm run build` and PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/live.ts
 *
 * Options (env): BENCH_DURATION seconds of typing (default 20), BENCH_DRAFTS (default 10),
 * BENCH_EDITORS_PER_DRAFT (default 5), BENCH_RATE updates per second per editor (default 5).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Y from 'yjs';
import { liveEditor, type LiveEditor } from '../apps/server/src/test/live-editor.js';
import { freshDatabase, serverEnv, signIn, start, stop, waitFor, withClient } from './kit.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(env.BENCH_DURATION ?? 20);
const draftCount = Number(env.BENCH_DRAFTS ?? 10);
const perDraft = Number(env.BENCH_EDITORS_PER_DRAFT ?? 5);
const rate = Number(env.BENCH_RATE ?? 5);
const PORT = 3914;
const APP = `http://127.0.0.1:${PORT}`;

// y-websocket's provider listens for the process's exit, once per editor.
process.setMaxListeners(draftCount * perDraft + 10);

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const url = await freshDatabase(adminUrl, 'repolog_bench_live');
const server = start([process.execPath, path.join(here, '../apps/server/dist/server.js')], {
  ...serverEnv(PORT, APP),
  DATABASE_URL: url,
});
const editors: LiveEditor[] = [];
try {
  await waitFor(`${APP}/api/health`);
  const pid = server.pid ?? 0;

  // Users, blogs (five members each) and sessions, straight into the database.
  const { writers, blogIds } = await withClient(url, async (client) => {
    const users = await client.query<{ id: number }>(
      `INSERT INTO users (github_id, user_name, signed_up_at)
       SELECT 7000000 + n, 'live-editor-' || n, now() FROM generate_series(1, $1::int) n RETURNING id`,
      [draftCount * perDraft],
    );
    const ids = users.rows.map((row) => row.id);
    const blogIds: number[] = [];
    for (let d = 0; d < draftCount; d += 1) {
      const members = ids.slice(d * perDraft, (d + 1) * perDraft);
      const blog = await client.query<{ id: number }>(
        `INSERT INTO blogs (name, description, git_repo_url, repo_key, owner_id)
         VALUES ($1, 'Live bench', $2, $3, $4) RETURNING id`,
        [`Live bench ${d}`, `https://github.com/live-bench/r${d}`, `live-bench/r${d}`, members[0]],
      );
      const blogId = blog.rows[0]?.id ?? 0;
      blogIds.push(blogId);
      for (const userId of members) {
        await client.query('INSERT INTO blog_members (blog_id, user_id) VALUES ($1, $2)', [
          blogId,
          userId,
        ]);
      }
    }
    return { writers: await signIn(client, ids), blogIds };
  });

  // One draft per blog, created through the API by its first member.
  const draftIds: number[] = [];
  for (const [d, blogId] of blogIds.entries()) {
    const writer = writers[d * perDraft];
    const res = await fetch(`${APP}/api/blog/${blogId}/drafts`, {
      method: 'POST',
      headers: { cookie: writer?.cookie ?? '', origin: APP, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Draft ${d}`, content: '' }),
    });
    if (!res.ok) throw new Error(`creating a draft: ${res.status} ${await res.text()}`);
    draftIds.push(((await res.json()) as { draftId: number }).draftId);
  }

  const rssBefore = rssMb(pid);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let deliveries = 0;
  for (const [d, draftId] of draftIds.entries()) {
    for (let e = 0; e < perDraft; e += 1) {
      const editor = liveEditor({
        baseUrl: APP,
        draftId,
        origin: APP,
        cookie: writers[d * perDraft + e]?.cookie ?? '',
      });
      // Marks typed by the others arrive as inserts of a remote transaction.
      editor.doc.getText('content').observe((event: Y.YTextEvent) => {
        if (event.transaction.local) return;
        const now = performance.now();
        for (const part of event.delta) {
          if (typeof part.insert !== 'string') continue;
          for (const mark of part.insert.matchAll(/<(\d+:\d+)>/g)) {
            const sent = sentAt.get(mark[1] ?? '');
            if (sent === undefined) continue;
            latencies.push(now - sent);
            deliveries += 1;
          }
        }
      });
      editors.push(editor);
    }
  }
  await Promise.all(editors.map((editor) => editor.synced()));
  const rssOpen = rssMb(pid);

  // Everyone types: a mark at a random place in the body, `rate` times a second.
  let sent = 0;
  const timers = editors.map((editor, index) => {
    let seq = 0;
    return setInterval(() => {
      const text = editor.doc.getText('content');
      const mark = `${index}:${(seq += 1)}`;
      sentAt.set(mark, performance.now());
      text.insert(Math.floor(Math.random() * (text.length + 1)), `<${mark}> `);
      sent += 1;
    }, 1000 / rate);
  });
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, duration * 1000));
  for (const timer of timers) clearInterval(timer);
  const typed = (performance.now() - startedAt) / 1000;
  // Let the last ones arrive, and the server store them.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.all(editors.map((editor) => editor.stored()));
  const rssTyped = rssMb(pid);

  const expected = sent * (perDraft - 1);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `${editors.length} editors on ${draftIds.length} drafts, ${rate} updates/s each, ${duration} s`,
  );
  console.log(
    `updates sent ${sent} (${(sent / typed).toFixed(0)}/s), deliveries ${deliveries} of ${expected} (${(deliveries / typed).toFixed(0)}/s), missing ${expected - deliveries}`,
  );
  console.log(
    `fan-out latency (typed on one editor, arrived at another): p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`,
  );
  console.log(
    `server memory: ${rssBefore.toFixed(0)} MB before, ${rssOpen.toFixed(0)} MB with the drafts open (${((rssOpen - rssBefore) / draftIds.length).toFixed(2)} MB per open document with its ${perDraft} connections), ${rssTyped.toFixed(0)} MB after typing (${((rssTyped - rssBefore) / draftIds.length).toFixed(2)} MB per document)`,
  );
  console.log(
    `budget: fan-out p99 < 100 ms: ${p99 < 100 ? 'ok' : 'MISSED'} (${p99.toFixed(1)} ms); every update delivered: ${deliveries === expected ? 'ok' : 'MISSED'}`,
  );
} finally {
  for (const editor of editors) editor.destroy();
  await stop(server);
}
