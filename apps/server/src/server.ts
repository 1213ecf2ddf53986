import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startMetricsServer } from './plugins/metrics.js';
import { findPageRenderer } from './pages/page-renderer.js';

/** The built web app: next to the server bundle in production, apps/web/dist in development. */
function findWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pg'),
    poolSize: config.databasePoolSize,
    replica: config.storage.replica,
  });
  const webDist = findWebDist();
  const pageRenderer = webDist ? findPageRenderer(webDist) : undefined;
  const app = await buildApp({
    config,
    database,
    seedDemo: true,
    ...(webDist ? { webDist } : {}),
    ...(pageRenderer ? { pageRenderer } : {}),
  });

  const metricsServer = config.metricsPort
    ? await startMetricsServer(app.metrics.registry, {
        port: config.metricsPort,
        host: config.host,
      })
    : undefined;
  if (metricsServer) app.log.info(`metrics at http://${config.host}:${metricsServer.port}/metrics`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests still running after 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Keep-alive sockets that go idle once their last request finishes would otherwise hold
    // the close open until the client gives up on them.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    sweep.unref();
    try {
      await metricsServer?.close();
      await app.close();
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Repolog is running at ${config.publicUrl} on ${database.kind === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}${config.demo ? ' — DEMO MODE (GitHub stand-in, demo data)' : ''}`,
  );
  if (!webDist)
    app.log.warn('The web app is not built; only the API is served. Run npm run build.');
}

void main().catch((error: unknown) => {
  // A setting that does not work (an unreachable bucket or replica): its sentence, no stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
