import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@repolog/contract/health';
import { AppError } from '../errors.js';
import type { Database } from '../db/client.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  database: Database,
  demo: boolean,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
      const ok = await database.ping().catch(() => false);
      if (!ok) throw new AppError('service_unavailable', 'http.databaseDown');
      return { status: 'ok' as const, database: database.kind, demo };
    });
}
