import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../../../web', import.meta.url));
const BUILT_WEB = path.join(web, 'dist');
const BUILT_RENDERER = path.join(web, 'dist-ssr', 'entry-server.js');

/** When a file the build reads under `dir` last changed (tests are not built). */
export function newest(dir: string): number {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'test' || /\.test\.tsx?$/.test(name)) continue;
    const file = path.join(dir, name);
    const stat = statSync(file);
    latest = Math.max(latest, stat.isDirectory() ? newest(file) : stat.mtimeMs);
  }
  return latest;
}

/**
 * The built web app and its server renderer, for the tests of server-rendered pages. Tests never
 * build it (a build takes minutes and would run once per test process): `npm test` and CI build
 * once before the tests; a build missing or older than the web app's (or the contract's)
 * sources fails the test with the command to run.
 */
export function builtWeb(): { webDist: string; pageRenderer: string } {
  let builtAt = 0;
  try {
    builtAt = Math.min(
      statSync(BUILT_RENDERER).mtimeMs,
      statSync(path.join(BUILT_WEB, '.vite', 'manifest.json')).mtimeMs,
    );
  } catch {
    builtAt = 0;
  }
  const sources = Math.max(
    newest(path.join(web, 'src')),
    statSync(path.join(web, 'index.html')).mtimeMs,
    newest(path.join(web, '../../packages/contract/src')),
  );
  if (builtAt <= sources) {
    throw new Error(
      `${builtAt ? 'The web build is older than its sources' : 'The web app is not built'}: ` +
        'these tests serve the built pages. Run `npm run build -w @repolog/web` first.',
    );
  }
  return { webDist: BUILT_WEB, pageRenderer: BUILT_RENDERER };
}
