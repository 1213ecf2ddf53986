/**
 * The repository tells the story (issue 20), in one process on embedded PGlite in demo mode:
 *
 * 1. Import from the cache: an issue with 50 comments and a pull request with 100 files (each
 *    with a diff) of the demo team's connected repository, read by
 *    GET /api/blogs/{blogId}/repo-items/{ref} once GitHub's answer is cached; p50/p99 against
 *    GET /api/health measured the same way (budget: p99 < 300 ms).
 * 2. A page view never waits on GitHub: the breakthrough and blog reads (API, and the server's
 *    HTML when the web app is built) with the stand-in answering at once, then with every
 *    GitHub call taking 3 s (a view that waited on GitHub would take at least that).
 *
 *   npx tsx bench/github-app.ts            (npm run build first for the HTML pages)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const web = fileURLToPath(new URL('../apps/web', import.meta.url));
const renderer = path.join(web, 'dist-ssr', 'entry-server.js');
const built = existsSync(renderer);

const config = loadConfig({
  PUBLIC_URL: 'http://localhost:3999',
  SECRET: 'bench-secret-bench-secret-bench-secret-00',
  DATA_DIR: '/nonexistent-bench-data-dir',
  LOG_LEVEL: 'silent',
  EMAIL_DIGESTS: 'false',
});
const database = await openDatabase({});
const app = await buildApp({
  config,
  database,
  logger: false,
  seedDemo: true,
  // Only the first read of each item asks GitHub (the stand-in); a loaded machine may be slow.
  githubTimeoutMs: 20_000,
  rateLimitMax: 10_000_000,
  ...(built ? { webDist: path.join(web, 'dist'), pageRenderer: renderer } : {}),
});
await app.ready();
const stub = app.demoGitHub?.stub;
if (!stub) throw new Error('demo mode only');

const repo = 'repolog-team/frontend';
const blogId = 32;
const state = () => stub.state.repos.find((r) => `${r.owner}/${r.name}` === repo);
stub.addIssue(repo, { title: 'A long discussion', user: 'sora-lee', body: 'Why? '.repeat(200) });
const issue = state()?.issues.at(-1)?.number ?? 0;
for (let n = 0; n < 50; n += 1) {
  const user = n % 2 ? 'dana-kim' : 'octocat';
  stub.addComment(repo, issue, { user, body: `Comment ${n}: ${'details '.repeat(40)}` });
}
const patch = (n: number) =>
  `@@ -1,6 +1,8 @@\n${Array.from({ length: 30 }, (_, i) => `${i % 3 ? '+' : '-'}line ${n}.${i}`).join('\n')}`;
stub.addIssue(repo, {
  title: 'A pull request with a hundred files',
  user: 'dana-kim',
  body: `Closes #${issue}`,
  pullRequest: true,
  files: Array.from({ length: 100 }, (_, n) => ({
    path: `src/module-${n}.ts`,
    additions: 20,
    deletions: 10,
    patch: patch(n),
  })),
});
const pull = state()?.issues.at(-1)?.number ?? 0;
await stub.settled();

async function timed(url: string, accept = 'application/json') {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { accept } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return performance.now() - started;
}

async function measure(url: string, accept?: string) {
  await timed(url, accept);
  const times: number[] = [];
  for (let n = 0; n < RUNS; n += 1) times.push(await timed(url, accept));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);
const line = (name: string, m: { p50: number; p99: number }, yardstick: { p99: number }) =>
  console.log(
    `${name.padEnd(44)} p50 ${ms(m.p50)}  p99 ${ms(m.p99)}  ×${(m.p99 / yardstick.p99).toFixed(1)} of the yardstick`,
  );

const health = await measure('/api/health');
console.log(`${RUNS} sequential requests each, in process (app.inject), after one warm-up`);
line('yardstick: GET /api/health', health, health);

console.log('\nImport from the cache (budget p99 < 300 ms)');
const issueDetail = await measure(`/api/blogs/${blogId}/repo-items/issue:${issue}`);
line(`issue #${issue} (50 comments)`, issueDetail, health);
const pullDetail = await measure(`/api/blogs/${blogId}/repo-items/pull:${pull}`);
line(`pull request #${pull} (100 files with diffs)`, pullDetail, health);

const article = (await app.inject({ method: 'GET', url: '/api/article/breakthrough?page=1' })).json<
  { articleId: number; blogId: number }[]
>()[0];
const pages: [string, string, string | undefined][] = [
  [
    'GET /api/article/breakthrough/{id}',
    `/api/article/breakthrough/${article?.articleId}`,
    undefined,
  ],
  ['GET /api/blog/non-member/32', '/api/blog/non-member/32', undefined],
  ...(built
    ? ([
        ['HTML /breakthrough/{id}', `/breakthrough/${article?.articleId}`, 'text/html'],
        ['HTML /blog/32', '/blog/32', 'text/html'],
      ] as [string, string, string][])
    : []),
];
console.log(`\nPage views${built ? '' : ' (API only: run npm run build for the HTML pages)'}`);
for (const [name, url, accept] of pages)
  line(`${name}, GitHub fast`, await measure(url, accept), health);
stub.faults.latencyMs = 3000;
for (const [name, url, accept] of pages)
  line(`${name}, GitHub 3 s`, await measure(url, accept), health);
console.log('(a page view that waited on GitHub would take at least 3000 ms)');
stub.faults.latencyMs = 0;

await app.close();
await database.close();
