/**
 * Search quality (issue 21): the judged query set (search-judged.ts, half Korean) run against
 * the demo data plus a generated corpus — the planted breakthroughs the queries look for among
 * look-alike noise from seed.ts — printing recall@10 and MRR, overall and per language, and the
 * queries that missed. The app runs in-process on embedded PGlite, or on PostgreSQL with
 * BENCH_DATABASE_URL (a fresh database `repolog_bench_quality` on that server).
 *
 *   npx tsx bench/search-quality.ts
 *   BENCH_NOISE=10000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/search-quality.ts
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { articles, users } from '../apps/server/src/db/schema.js';
import type { SearchResult } from '../packages/contract/src/search.js';
import { freshDatabase } from './kit.js';
import { JUDGED, PLANTED, type JudgedQuery } from './search-judged.js';
import { seedBenchData } from './seed.js';

const NOISE = Number(process.env.BENCH_NOISE ?? 2000);
const adminUrl = process.env.BENCH_DATABASE_URL;

interface Scored {
  query: JudgedQuery;
  recall: number;
  /** 1/rank of the first expected title in the top 10; 0 when none is there. */
  reciprocalRank: number;
  top: string[];
}

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

async function main() {
  const url = adminUrl ? await freshDatabase(adminUrl, 'repolog_bench_quality') : undefined;
  const database = await openDatabase({ url });
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    SECRET: 'bench-secret-bench-secret-bench-secret-00',
    DATA_DIR: '/nonexistent-bench-data-dir',
    LOG_LEVEL: 'silent',
    EMAIL_DIGESTS: 'false',
  });
  const app = await buildApp({ config, database, logger: false, seedDemo: true });
  await app.ready();
  const { db } = database;

  // The generated corpus: look-alike noise (English titles of seed.ts's vocabulary) and the
  // planted breakthroughs, written by a demo member into blog 32.
  const started = performance.now();
  await seedBenchData(db, {
    blogs: Math.max(1, Math.ceil(NOISE / 100)),
    articles: NOISE,
    likes: NOISE,
    comments: 0,
    users: Math.max(10, Math.ceil(NOISE / 50)),
  });
  const [author] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, 'dana-kim'));
  await db.insert(articles).values(
    PLANTED.map((planted) => ({
      blogId: 32,
      authorId: author?.id ?? null,
      title: planted.title,
      content: planted.content,
      tags: planted.tags,
    })),
  );
  let indexed = 0;
  for (;;) {
    const count = await app.searchIndexer.runPass();
    indexed += count;
    if (count === 0) break;
  }
  const counted: unknown = await db.execute(sql`select count(*)::int as total from articles`);
  const total = (counted as { rows: { total: number }[] }).rows[0]?.total ?? 0;
  console.log(
    `corpus: ${total} breakthroughs (demo + ${PLANTED.length} planted + ${NOISE} noise), ` +
      `${indexed} indexed in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `on ${url ? 'PostgreSQL' : 'PGlite'}`,
  );

  const scored: Scored[] = [];
  for (const query of JUDGED) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(query.q)}`,
    });
    if (res.statusCode !== 200) throw new Error(`${query.q}: ${res.statusCode} ${res.body}`);
    const top = res.json<SearchResult>().items.map((item) => item.title);
    const found = query.expect.filter((title) => top.includes(title));
    const first = top.findIndex((title) => query.expect.includes(title));
    scored.push({
      query,
      recall: found.length / query.expect.length,
      reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
      top,
    });
  }

  const line = (name: string, rows: Scored[]) =>
    console.log(
      `${name.padEnd(8)} queries ${String(rows.length).padStart(3)}  recall@10 ${mean(rows.map((r) => r.recall)).toFixed(3)}  MRR ${mean(rows.map((r) => r.reciprocalRank)).toFixed(3)}`,
    );
  line('all', scored);
  line(
    'Korean',
    scored.filter((s) => s.query.lang === 'ko'),
  );
  line(
    'English',
    scored.filter((s) => s.query.lang === 'en'),
  );
  for (const miss of scored.filter((s) => s.recall < 1)) {
    console.log(`  missed: ${miss.query.q} -> ${miss.top.slice(0, 3).join(' | ') || '(nothing)'}`);
  }
  await app.close();
  await database.close();
}

await main();
