/**
 * The plans of a search as the server runs it (issue 21): each statement `repo.search` sends,
 * nested ones (migration 0024's functions) included, printed with `auto_explain` (analyze,
 * buffers) on a one-connection pool, for each query given, relevance order, at each page given.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/repolog_search_100000 \
 *     npx tsx bench/search-explain.ts '데이터베이스를' 'latency' -- 1 3
 *
 * The database needs superuser rights for `LOAD 'auto_explain'` (a session setting only).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema.js';
import type { Db } from '../apps/server/src/db/client.js';
import { parseQuery } from '../apps/server/src/search/search-query.js';
import { searchRepository } from '../apps/server/src/search/search.repository.js';
import { corpusWords, randomQuery } from './search-load-parts.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL names a seeded search database');
const args = process.argv.slice(2);
const split = args.indexOf('--');
const pages = split < 0 ? [1] : args.slice(split + 1).map(Number);
// EXPLAIN_RANDOM=n: n queries drawn as search-load.ts draws them (each at its own page).
const random = Number(process.env.EXPLAIN_RANDOM ?? 0);
// EXPLAIN_FILE: such draws kept one per line (`q=…&page=…`), to compare plans on the same set.
const file = process.env.EXPLAIN_FILE;
const drawn =
  random > 0
    ? await corpusWords(url).then((words) =>
        Array.from({ length: random }, () => new URL(randomQuery(words), 'http://x').searchParams),
      )
    : file
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => new URLSearchParams(line))
      : [];
if (random > 0 && file) writeFileSync(file, drawn.map((p) => p.toString()).join('\n') + '\n');
const fromFile = random === 0 && file !== undefined;
const queries =
  random > 0 || fromFile
    ? drawn.map((p) => p.get('q') ?? '')
    : split < 0
      ? args
      : args.slice(0, split);
const drawnSet = random > 0 || fromFile;
const summary = process.env.EXPLAIN_SUMMARY === '1' || drawnSet;

const pool = new pg.Pool({ connectionString: url, max: 1 });
let notices: string[] = [];
pool.on('connect', (client) => {
  client.on('notice', (notice) => notices.push(notice.message ?? ''));
});
const setup = await pool.connect();
// EXPLAIN_NONE=1: no plans, the times alone (auto_explain's analyze adds its own).
const plans = process.env.EXPLAIN_NONE !== '1';
if (plans) await setup.query(`LOAD 'auto_explain'`);
await setup.query(`SET auto_explain.log_min_duration = 0`);
await setup.query(`SET auto_explain.log_analyze = on`);
await setup.query(`SET auto_explain.log_buffers = on`);
await setup.query(`SET auto_explain.log_nested_statements = on`);
await setup.query(`SET auto_explain.log_level = notice`);
// EXPLAIN_SET='name=value;…': session settings to compare plans under.
for (const setting of (process.env.EXPLAIN_SET ?? '').split(';').filter(Boolean)) {
  const [name, value] = setting.split('=');
  await setup.query(`SELECT set_config($1, $2, false)`, [name, value]);
}
setup.release();
const db = drizzle(pool, { schema }) as unknown as Db;
const repo = searchRepository(db);
const times: number[] = [];
const filters = { tag: null, lang: null, blogId: null, excludeBlogId: 1 };

for (const [i, q] of queries.entries()) {
  for (const page of drawnSet ? [Number(drawn[i]?.get('page'))] : pages) {
    for (const run of drawnSet ? ['once'] : ['first', 'again']) {
      notices = [];
      const started = performance.now();
      const result = await repo.search(
        parseQuery(q),
        filters,
        'relevance',
        { offset: (page - 1) * 10, limit: 10 },
        4001,
      );
      const ms = performance.now() - started;
      times.push(ms);
      console.log(
        `\n=== ${JSON.stringify(q)} page ${page} (${run}): ${ms.toFixed(1)} ms, ` +
          `${result.rows.length} rows, total ${result.total}${result.totalIsLowerBound ? '+' : ''}`,
      );
      for (const notice of notices) {
        if (summary) {
          const lines = notice.split('\n');
          const head = lines.find((line) => line.includes('duration')) ?? '';
          const text = lines.find((line) => line.startsWith('Query Text')) ?? '';
          const jit = lines.find((line) => line.includes('Timing: Generation')) ?? '';
          if (jit) console.log(`  JIT ${jit.trim()}`);
          console.log(`  ${head.trim()} | ${text.slice(0, 110).replace(/\s+/g, ' ')}`);
        } else console.log(notice);
      }
    }
  }
}
console.log(
  `\nmean ${(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)).toFixed(1)} ms over ${times.length}`,
);
await pool.end();
