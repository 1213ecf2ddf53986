import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerStaticSpa, type MetaProvider } from './plugins/static-spa.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Built web app to serve (apps/web/dist); absent: API only. */
  webDist?: string;
  /** Fastify logger settings; false silences it (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole Repolog server. It never listens: server.ts and the tests decide that. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // Per-request lines only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  registerSecurity(app, config.publicUrl);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });

  registerHealthRoutes(app, database, config.demo);

  const metaProviders: MetaProvider[] = [];
  await registerStaticSpa(app, {
    webDist: options.webDist,
    publicUrl: config.publicUrl,
    metaProviders,
  });
  return app;
}
