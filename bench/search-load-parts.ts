/**
 * The parts of search-load.ts: the index's fill and size, queries drawn from the corpus, the
 * analyzer timed alone, breakthroughs written through the API, and an embedded PGlite
 * directory seeded and indexed for the built server.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { renderBody } from '../apps/server/src/articles/render-body.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildSearchDocument } from '../apps/server/src/search/search.public.js';
import { cpuTimeUs, pick, randomInt, SECRET, signIn, withClient } from './kit.js';
import { seedBenchData } from './seed.js';

/** Share of seeded breakthroughs written in Korean. */
export const KOREAN_SHARE = 0.5;
const HANGUL = /\p{Script=Hangul}/u;

/** What a run seeds at `size` breakthroughs (as load.ts and page-tail.ts do). */
export const seedSizes = (size: number) => ({
  blogs: Math.max(1000, size / 100),
  articles: size,
  likes: size * 10,
  comments: size * 2,
  users: 2000,
});

/** Whether the database holds the Korean share (a database seeded by another bench has none). */
export const hasKorean = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ ko: boolean }>(
      "SELECT exists (SELECT 1 FROM articles WHERE title ~ '[가-힣]') AS ko",
    );
    return rows[0]?.ko ?? false;
  });

/**
 * Empties the search index so the server's start indexes every breakthrough again; gives every
 * breakthrough an (empty) related list first, so the related pass that follows the index's
 * does not run beside the measured requests (at 100k it compares every breakthrough with all).
 */
export const forIndexing = (url: string) =>
  withClient(url, async (client) => {
    await client.query(`INSERT INTO article_related (article_id, related_ids)
      SELECT id, '{}' FROM articles ON CONFLICT DO NOTHING`);
    await client.query('TRUNCATE article_search');
    const { rows } = await client.query<{ n: number; lo: number; hi: number }>(
      'SELECT count(*)::int AS n, min(id) AS lo, max(id) AS hi FROM articles',
    );
    return { total: rows[0]?.n ?? 0, ids: { lo: rows[0]?.lo ?? 0, hi: rows[0]?.hi ?? 0 } };
  });

/** Polls until every breakthrough has a search document; undefined past `timeoutMs`. */
export async function waitIndexed(url: string, total: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  return withClient(url, async (client) => {
    while (Date.now() < until) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM article_search',
      );
      if ((rows[0]?.n ?? 0) >= total) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return undefined;
  });
}

/** The index's size in MB: everything (heap, TOAST, indexes), the heap and the GIN index. */
export const indexSize = (url: string) =>
  withClient(url, async (client) => {
    await client.query('VACUUM ANALYZE article_search');
    const { rows } = await client.query<{ total: string; heap: string; gin: string }>(
      `SELECT pg_total_relation_size('article_search') AS total,
              pg_relation_size('article_search') AS heap,
              pg_relation_size('article_search_document_idx') AS gin`,
    );
    const mb = (bytes: string | undefined) => Number(bytes ?? 0) / 1024 / 1024;
    return { total: mb(rows[0]?.total), heap: mb(rows[0]?.heap), gin: mb(rows[0]?.gin) };
  });

export interface Words {
  ko: string[];
  en: string[];
}

/** The words of 2,000 random titles and 200 random bodies, Korean and English apart. */
const WORDS_SQL = `(SELECT title AS text FROM articles ORDER BY random() LIMIT 2000)
  UNION ALL (SELECT content_text FROM articles ORDER BY random() LIMIT 200)`;

function wordsOf(texts: string[]): Words {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of text.split(/[^\p{L}\p{N}_]+/u)) {
      if (word.length >= 2 && /\p{L}/u.test(word)) words.add(word);
    }
  }
  const all = [...words];
  return { ko: all.filter((w) => HANGUL.test(w)), en: all.filter((w) => !HANGUL.test(w)) };
}

export const corpusWords = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ text: string }>(WORDS_SQL);
    return wordsOf(rows.map((row) => row.text));
  });

/** `/api/search?q=…&page=…`: one or two words of one language (either, evenly), page 1–3. */
export function randomQuery(words: Words, path = '/api/search'): string {
  const pool = Math.random() < 0.5 && words.ko.length > 0 ? words.ko : words.en;
  const q = Math.random() < 0.5 ? pick(pool) : `${pick(pool)} ${pick(pool)}`;
  return `${path}?q=${encodeURIComponent(q)}&page=${randomInt(1, 3)}`;
}

const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return { mean, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
};

/**
 * The write's analysis step alone: buildSearchDocument (what the render task adds to a write)
 * and renderBody (what the task did before search) over `count` random breakthroughs of the
 * corpus, on this thread, after a warm-up; per document in ms.
 */
export async function analysisTime(url: string, count: number) {
  const docs = await withClient(url, async (client) => {
    const { rows } = await client.query<{
      title: string;
      tags: string[];
      problem: string | null;
      solution: string | null;
      content: string;
      blog_name: string;
      user_name: string | null;
    }>(
      `SELECT a.title, a.tags, a.problem, a.solution, a.content, b.name AS blog_name, u.user_name
       FROM articles a JOIN blogs b ON b.id = a.blog_id LEFT JOIN users u ON u.id = a.author_id
       ORDER BY random() LIMIT $1`,
      [count],
    );
    return rows.map((r) => ({
      title: r.title,
      tags: r.tags,
      problem: r.problem,
      solution: r.solution,
      content: r.content,
      blogName: r.blog_name,
      authorName: r.user_name,
    }));
  });
  const time = (fn: (doc: (typeof docs)[number]) => unknown) => {
    for (const doc of docs.slice(0, 200)) fn(doc);
    return summary(
      docs.map((doc) => {
        const started = performance.now();
        fn(doc);
        return performance.now() - started;
      }),
    );
  };
  return {
    documents: docs.length,
    analysis: time(buildSearchDocument),
    render: time((doc) => renderBody(doc.content)),
  };
}

const WRITE_BODY = `## 문제\n배포에서 검색을 다시 색인하는 동안 데이터베이스를 기다리는 요청이 쌓였습니다.
We saw latency spikes under load while the index was rebuilt.\n## 해결\n연결 풀을 늘리고
\`pool.release()\`를 finally 블록으로 옮겼습니다.\n\`\`\`ts\nawait pool.release();\n\`\`\``;

/**
 * New breakthroughs through `POST /api/article` (as mixed-run.ts writes them), by 200 signed-in
 * members of their blogs, at `connections`: latency, and the server's CPU per write (its render
 * threads, where the body is rendered and analyzed, included). Every breakthrough written
 * afterwards is deleted again, so the database stays as seeded.
 */
export async function writeRun(options: {
  origin: string;
  url: string;
  pid: number;
  connections: number;
  duration: number;
}) {
  const { origin, url, pid, connections, duration } = options;
  const { writers, maxId } = await withClient(url, async (client) => {
    const { rows } = await client.query<{ blog_id: number; user_id: number }>(
      'SELECT DISTINCT ON (user_id) blog_id, user_id FROM blog_members ORDER BY user_id, random() LIMIT 200',
    );
    const signed = await signIn(
      client,
      rows.map((r) => r.user_id),
    );
    const cookieOf = new Map(signed.map((s) => [s.userId, s.cookie]));
    const { rows: max } = await client.query<{ hi: number }>('SELECT max(id) AS hi FROM articles');
    const list = rows.map((r) => ({ blogId: r.blog_id, cookie: cookieOf.get(r.user_id) ?? '' }));
    return { writers: list, maxId: max[0]?.hi ?? 0 };
  });
  let n = 0;
  const setupRequest = (request: autocannon.Request): autocannon.Request => {
    const writer = pick(writers);
    n += 1;
    return {
      ...request,
      method: 'POST',
      path: '/api/article',
      headers: { cookie: writer.cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        blogId: writer.blogId,
        title: n % 2 ? `검색 부하 중에 쓴 글 ${n}` : `Written under search load ${n}`,
        content: `${WRITE_BODY}\n\nRun note ${n}.`,
        about: 'TypeScript',
      }),
    };
  };
  const run = (seconds: number) =>
    autocannon({ url: origin, connections, duration: seconds, requests: [{ setupRequest }] });
  await run(2);
  const cpuBefore = cpuTimeUs(pid) ?? 0;
  const result = await run(duration);
  const cpuMs = ((cpuTimeUs(pid) ?? 0) - cpuBefore) / Math.max(1, result.requests.total) / 1000;
  // Let the writes' follow-ups (related lists) finish before their rows go.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await withClient(url, (client) => client.query('DELETE FROM articles WHERE id > $1', [maxId]));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMs,
  };
}

/**
 * An embedded PGlite directory (`<dataDir>/pg`, where the built server looks with DATA_DIR)
 * seeded at `size` with the Korean share and indexed by the search feature's own pass, run in
 * this process; returns the pass's time in seconds and the corpus's words.
 */
export async function seedPglite(dataDir: string, size: number) {
  rmSync(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
  try {
    const sizes = { ...seedSizes(size), likes: size, comments: size / 5 };
    await seedBenchData(database.db, sizes, { korean: KOREAN_SHARE });
    await database.db.execute(sql`insert into article_related (article_id, related_ids)
      select id, '{}' from articles on conflict do nothing`);
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      EMAIL_DIGESTS: 'false',
    });
    const app = await buildApp({ config, database, logger: false });
    const started = performance.now();
    await app.ready();
    while ((await app.searchIndexer.runPass()) > 0);
    const seconds = (performance.now() - started) / 1000;
    const texts: unknown = await database.db.execute(sql.raw(WORDS_SQL));
    await app.close();
    return {
      seconds,
      words: wordsOf((texts as { rows: { text: string }[] }).rows.map((r) => r.text)),
    };
  } finally {
    await database.close();
  }
}
