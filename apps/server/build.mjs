// Bundles the server (and the workspace packages it imports) into dist/server.js, and the
// markdown and page workers into dist/markdown.worker.js and dist/page.worker.js beside it.
// Third-party packages stay in node_modules; the SQL migrations are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    'markdown.worker': 'src/articles/markdown.worker.ts',
    'page.worker': 'src/pages/page.worker.ts',
    // npm run media:to-s3: the images stored in the database, copied to the object store.
    'media-copy': 'src/media/media-copy.cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  loader: { '.json': 'json' },
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: apps/server/dist/server.js');
