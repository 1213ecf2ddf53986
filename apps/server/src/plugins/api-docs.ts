import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@repolog/contract/common';

/** Where the OpenAPI document and the interactive reference are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The reference page's own policy: everything from this origin, nothing inline but styles. */
const DOCS_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Collects every API route into an OpenAPI 3.1 document generated from the routes' zod schemas
 * (the contract): request parameters and bodies as the server reads them, responses as it
 * writes them. Must be registered before the routes. Paths outside /api (the web app, the
 * GitHub stand-in) and routes marked `hide` stay out.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Repolog API',
        version: '0.1.0',
        description:
          "Every call of the Repolog web app. Signed-in calls authenticate with the HttpOnly `accessToken` cookie set by `POST /api/auth/github` (renewed with `POST /api/auth/refresh`); mutating calls must come from a Repolog page (`Origin` equal to the site). Errors are `{ error, message, key, params }` (and `field` for a request that fails its schema): `error` is the code, `key` and `params` the message (stable keys, listed in the contract's catalogue, packages/contract/src/messages.ts), `message` its English text.",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
        },
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      // Every call may answer an error body (4xx, 5xx); a route's own 409 etc. come first.
      const own = (document.schema ?? {}) as { response?: Record<string, unknown> };
      const transformed = jsonSchemaTransform({
        ...document,
        schema: {
          ...document.schema,
          response: { '4XX': errorBodySchema, '5XX': errorBodySchema, ...own.response },
        },
      });
      // Grouped by the path's first segment: article, blog, comment, notice, auth…
      const tag = document.url.split('/')[2] ?? 'api';
      return { ...transformed, schema: { tags: [tag], ...transformed.schema } };
    },
  });
}

/**
 * Serves the document at OPENAPI_PATH (and DOCS_PATH/json, which the UI reads) and Swagger UI,
 * from its npm package, at DOCS_PATH.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
  });
}
