/**
 * Bundle-size benchmark: how much JavaScript and CSS (gzip and brotli) the first load of each
 * public page ships, from the Vite manifest of the built web app: the entry and the page's route
 * chunk with everything they import (what hydrating the server's HTML needs), and apart from
 * it the islands the page shows whose code loads once hydration reaches them. Budget
 * (DESIGN.md §6): every public page's first load ≤ 100 KB of gzipped JavaScript; the run exits
 * with 1 when a page is over it (`npm test` runs it). Sizes are those of the files the server
 * sends (the build's .gz and .br beside each asset). Run after `npm run build`:
 *   npx tsx bench/bundle-size.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('manifest has no entry');

/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function sizes(files: string[]) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const data = readFileSync(path.join(dist, file));
    raw += data.length;
    // What the server sends: the build's precompressed files (Zopfli for first loads), or what
    // compressing it would give for files too small to have them.
    const shipped = (ext: string) => {
      const name = path.join(dist, `${file}.${ext}`);
      return existsSync(name) ? readFileSync(name).length : undefined;
    };
    gzip += shipped('gz') ?? gzipSync(data, { level: 9 }).length;
    brotli += shipped('br') ?? brotliCompressSync(data).length;
  }
  return { raw, gzip, brotli };
}

const BUDGET = 100 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/**
 * Route module, and the islands its server HTML shows (apps/web/src/app/server-pages.ts).
 * `public`: a page readers land on, held to the budget; the writing pages (editor, autosave,
 * the history's diff) are measured but load only for members who write.
 */
const pages: Record<string, { route: string; islands?: string[]; public?: false }> = {
  '/': { route: 'src/app/routes/start.tsx' },
  '/home': {
    route: 'src/app/routes/home.tsx',
    islands: ['src/features/home/components/top-strips.tsx'],
  },
  '/breakthrough': {
    route: 'src/app/routes/breakthrough-list.tsx',
    islands: ['src/features/articles/components/breakthrough-rows.tsx'],
  },
  '/breakthrough/{id}': {
    route: 'src/app/routes/article.tsx',
    islands: [
      'src/features/articles/components/like-button.tsx',
      'src/features/comments/components/comments-section.tsx',
      'src/features/articles/components/article-companions.tsx',
    ],
  },
  '/blog/{id}': {
    route: 'src/app/routes/blog.tsx',
    islands: [
      'src/features/blogs/components/favorite-star.tsx',
      'src/features/blogs/components/blog-sidebar.tsx',
      'src/features/blogs/components/blog-articles.tsx',
    ],
  },
  '/user/{login}': {
    route: 'src/app/routes/user.tsx',
    islands: ['src/features/users/components/user-breakthroughs.tsx'],
  },
  '/blog/{id}/series/{id}': { route: 'src/app/routes/series.tsx' },
  '/search': { route: 'src/app/routes/search.tsx' },
  '/tag/{name}': { route: 'src/app/routes/tag.tsx' },
  '/blog/{id}/…/write': { route: 'src/app/routes/article-write.tsx', public: false },
  '/breakthrough/{id}/edit': { route: 'src/app/routes/article-edit.tsx', public: false },
  '/…/{id}/history': { route: 'src/app/routes/article-history.tsx', public: false },
  '/workspace': { route: 'src/app/routes/workspace.tsx', public: false },
};

const LAYOUT_ISLANDS = ['src/app/layouts/site-footer.tsx'];
const over: string[] = [];
console.log('page                  JS raw     JS gzip    JS brotli  CSS gzip  islands JS gzip');
for (const [page, { route, islands = [], public: isPublic = true }] of Object.entries(pages)) {
  if (!manifest[route]) throw new Error(`manifest has no ${route}: is the build current?`);
  const keys = new Set<string>([...closure(entryKey), ...closure(route)]);
  const later = new Set<string>();
  // The footer is an island of every page (apps/web/src/entry-server.tsx).
  for (const island of [...islands, ...LAYOUT_ISLANDS]) {
    if (!manifest[island]) throw new Error(`manifest has no ${island}: is the build current?`);
    for (const k of closure(island)) if (!keys.has(k)) later.add(k);
  }
  const files = (set: Set<string>) =>
    [...set].map((k) => manifest[k]?.file).filter((f): f is string => !!f);
  const css = [...keys, ...later].flatMap((k) => manifest[k]?.css ?? []);
  // A server-rendered page's code is started by public/boot.js after its first paint.
  const j = sizes([...files(keys), ...(isPublic ? ['boot.js'] : [])]);
  const c = sizes([...new Set(css)]);
  const i = sizes(files(later));
  if (isPublic && j.gzip > BUDGET) over.push(`${page} (${kb(j.gzip)})`);
  console.log(
    `${page.padEnd(20)}  ${kb(j.raw).padStart(9)}  ${kb(j.gzip).padStart(9)}  ${kb(j.brotli).padStart(9)}  ${kb(c.gzip).padStart(8)}  ${kb(i.gzip).padStart(15)}`,
  );
}
console.log('\nbudget: first load of every public page ≤ 100 KB gzipped JavaScript');
if (over.length > 0) {
  console.error(`over budget: ${over.join(', ')}`);
  process.exit(1);
}
