// Bundles the server (and the workspace packages it imports) into dist/server.js, and the
// markdown and page workers into dist/markdown.worker.js and dist/page.worker.js beside it.
// Third-party packages stay in node_modules; the SQL migrations are copied beside the bundle.
// `node build.mjs --test-children <dir>` bundles the test suite's server processes
// (src/test/server-child.ts, outbox-crash-child.ts) with the workers and migrations into <dir>
// instead: the server test setup does it once per run, so no process compiles TypeScript.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
const flag = process.argv.indexOf('--test-children');
const testDir = flag === -1 ? undefined : process.argv[flag + 1];
if (flag !== -1 && !testDir) throw new Error('--test-children needs a folder');

const workers = {
  'markdown.worker': 'src/articles/markdown.worker.ts',
  'page.worker': 'src/pages/page.worker.ts',
};
const outdir = testDir ? path.resolve(testDir) : path.join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: testDir
    ? {
        'server-child': 'src/test/server-child.ts',
        'outbox-crash-child': 'src/test/outbox-crash-child.ts',
        ...workers,
      }
    : {
        server: 'src/server.ts',
        ...workers,
        // npm run media:to-s3: the images stored in the database, copied to the object store.
        'media-copy': 'src/media/media-copy.cli.ts',
      },
  absWorkingDir: here,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  loader: { '.json': 'json' },
});
cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
if (!testDir) console.log('server built: apps/server/dist/server.js');
