import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../../../web', import.meta.url));

function newest(dir: string): number {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    latest = Math.max(latest, stat.isDirectory() ? newest(file) : stat.mtimeMs);
  }
  return latest;
}

/**
 * Tests of server-rendered pages run the built web app and its server renderer: build them
 * when they are missing or older than the web app's (or the contract's) sources.
 */
export function ensureWebBuild(): void {
  const built = path.join(web, 'dist-ssr', 'entry-server.js');
  let builtAt = 0;
  try {
    builtAt = Math.min(
      statSync(built).mtimeMs,
      statSync(path.join(web, 'dist', '.vite', 'manifest.json')).mtimeMs,
    );
  } catch {
    builtAt = 0;
  }
  const sources = Math.max(
    newest(path.join(web, 'src')),
    statSync(path.join(web, 'index.html')).mtimeMs,
    newest(path.join(web, '../../packages/contract/src')),
  );
  if (builtAt > sources) return;
  // Vitest runs with NODE_ENV=test; the build must be the production one `npm run build` makes.
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: web,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
