import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { GitHubStub } from '@repolog/github-stub/stub';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { openTestDatabase } from './database.js';
import { builtWeb } from './web-build.js';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The in-process GitHub stand-in (demo mode is the test default). */
  stub: GitHubStub;
  /** app.inject with the Origin header a Repolog page would send. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  database?: Database;
  webDist?: string;
  githubTimeoutMs?: number;
  /** Check responses against the contract (default); false uses the production serializer. */
  validateResponses?: boolean;
  /** Seed the demo data (as `npm start` does in demo mode). */
  seedDemo?: boolean;
  /** Serve the built web app with its server renderer (`npm run build -w @repolog/web` first). */
  builtWeb?: boolean;
  /** How often live draft connections are pinged. */
  liveKeepaliveMs?: number;
}

/** The real app on a real (fresh) database, in demo mode, with test-friendly settings. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/nonexistent-test-data-dir',
    LOG_LEVEL: 'silent',
    // Digests start when a test asks (app.emailDigests.tick).
    EMAIL_DIGESTS: 'false',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    database,
    logger: false,
    githubTimeoutMs: options.githubTimeoutMs ?? 1500,
    rateLimitMax: 100_000,
    validateResponses: options.validateResponses ?? true,
    seedDemo: options.seedDemo ?? false,
    ...(options.liveKeepaliveMs ? { liveKeepaliveMs: options.liveKeepaliveMs } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.builtWeb ? builtWeb() : {}),
  });
  await app.ready();
  const stub = app.demoGitHub?.stub;
  if (!stub) throw new Error('test apps run in demo mode');
  return {
    app,
    database,
    config,
    stub,
    request: (inject) =>
      app.inject({ ...inject, headers: { origin: TEST_ORIGIN, ...inject.headers } }),
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
