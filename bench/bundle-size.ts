/**
 * Bundle-size benchmark: how much JavaScript and CSS (gzip and brotli) the first load of each
 * page ships, from the Vite manifest of the built web app. Budget (DESIGN.md §6): /home ≤ 100 KB
 * of gzipped JavaScript. Prints figures; run after `npm run build`:
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
    gzip += gzipSync(data, { level: 9 }).length;
    brotli += brotliCompressSync(data).length;
  }
  return { raw, gzip, brotli };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pages: Record<string, string[]> = {
  '/': ['src/app/routes/start.tsx'],
  '/home': ['src/app/routes/home.tsx'],
  '/breakthrough': ['src/app/routes/breakthrough-list.tsx'],
  '/breakthrough/{id}': ['src/app/routes/article.tsx'],
  '/blog/{id}': ['src/app/routes/blog.tsx'],
  // The writing pages carry the editor and autosave; the history page carries the diff.
  '/blog/{id}/…/write': ['src/app/routes/article-write.tsx'],
  '/breakthrough/{id}/edit': ['src/app/routes/article-edit.tsx'],
  '/…/{id}/history': ['src/app/routes/article-history.tsx'],
  '/workspace': ['src/app/routes/workspace.tsx'],
};

console.log('page                  JS raw     JS gzip    JS brotli  CSS gzip');
for (const [page, routeKeys] of Object.entries(pages)) {
  const keys = new Set<string>();
  for (const key of [entryKey, ...routeKeys]) {
    if (!manifest[key]) continue;
    for (const k of closure(key)) keys.add(k);
  }
  const js = [...keys].map((k) => manifest[k]?.file).filter((f): f is string => !!f);
  const css = [...keys].flatMap((k) => manifest[k]?.css ?? []);
  const j = sizes(js);
  const c = sizes(css);
  console.log(
    `${page.padEnd(20)}  ${kb(j.raw).padStart(9)}  ${kb(j.gzip).padStart(9)}  ${kb(j.brotli).padStart(9)}  ${kb(c.gzip).padStart(8)}`,
  );
}
console.log('\nbudget: first load of /home ≤ 100 KB gzipped JavaScript (signed-out visitor)');
