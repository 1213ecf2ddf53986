// The built server (apps/server/dist), for the tests that run it as `npm start` does: the
// cluster, `npm start` itself and `npm run media:to-s3`. Plain Node, no test runner.
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './web-build.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A file of the built server (`apps/server/dist/<file>`). Tests never build it: CI builds once
 * before the tests; a build missing or older than the server's sources fails with the command
 * to run.
 */
export function builtServer(file = 'server.js'): string {
  const built = path.join(root, 'apps/server/dist', file);
  let builtAt = 0;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    builtAt = 0;
  }
  const sources = Math.max(
    ...['apps/server/src', 'packages/contract/src', 'packages/markdown/src'].map((dir) =>
      newest(path.join(root, dir)),
    ),
  );
  if (builtAt <= sources) {
    throw new Error(
      `${builtAt ? 'The server build is older than its sources' : 'The server is not built'}: ` +
        'these tests run the built server. Run `npm run build -w @repolog/server` first.',
    );
  }
  return built;
}
