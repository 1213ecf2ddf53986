import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import zopfli from '@gfx/zopfli';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset so the server sends them without compressing per
 * request. The files a public page's first load fetches (the entry and every route module, with
 * all they import) are gzipped with Zopfli, a few per cent smaller than zlib's level 9 for the
 * readers whose browsers ask for gzip; the rest with zlib (Zopfli on the editor's megabyte
 * would add half a minute to every build for pages only writers open).
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'repolog-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    async closeBundle() {
      if (ssr) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      const firstLoad = firstLoadFiles(outDir);
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml)$/.test(file) || file.endsWith('index.html'))
          continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        const gzipped = firstLoad.has(file)
          ? await zopfli.gzipAsync(data, { numiterations: 5 })
          : gzipSync(data, { level: 9 });
        writeFileSync(`${file}.gz`, gzipped);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** The entry's and the route modules' files with everything they import (Vite's manifest). */
function firstLoadFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) return;
    const file = path.join(outDir, chunk.file);
    if (files.has(file)) return;
    files.add(file);
    for (const css of chunk.css ?? []) files.add(path.join(outDir, css));
    for (const dep of chunk.imports ?? []) add(dep);
  };
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry || key.startsWith('src/app/routes/')) add(key);
  return files;
}

/** React Router's production build (its package exports only the development one by name). */
function reactRouterProduction(): string {
  const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
  return path.join(path.dirname(pkg), 'dist/production/index.mjs');
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  resolve: {
    // React Router's production build leaves out its development warnings.
    alias: [{ find: /^react-router$/, replacement: reactRouterProduction() }],
  },
  // The server renderer (npm run build: dist-ssr/entry-server.js) carries React and the rest
  // inside, built for production whatever NODE_ENV the server runs with.
  ssr: { noExternal: true, target: 'node' },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist-ssr',
        copyPublicDir: false,
        sourcemap: false,
        reportCompressedSize: false,
      }
    : {
        target: 'es2022',
        // bench/bundle-size.ts and the server read it to know what each page loads.
        manifest: true,
        // Every browser the site supports knows <link rel="modulepreload">.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Chunks are named by their hash alone: every import and the preload map name them,
            // and the manifest says which is which (about 0.4 KB of gzip on each first load).
            chunkFileNames: 'assets/[hash].js',
            codeSplitting: {
              // React and React DOM in one file: one compression stream packs them tighter than
              // the shared chunks they were split into (the entry and jsx-runtime).
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 2,
                },
                // Everything the entry loads in one file as well: fewer, larger files compress
                // better than the many small shared chunks the split would make.
                { name: 'app', tags: ['$initial'], priority: 1 },
                // The records several pages read (lib/*-record.ts: a blog, a breakthrough) in
                // one file too: the article page reads both, and one small chunk costs less
                // than two.
                { name: 'records', test: /src[\\/]lib[\\/][a-z]+-record\.ts$/, priority: 1 },
              ],
            },
          },
        },
        sourcemap: false,
        reportCompressedSize: false,
      },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/__github': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
}));
