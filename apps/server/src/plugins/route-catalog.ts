import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One registered route, as declared. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (HEAD left out). */
    routeCatalog: readonly RouteEntry[];
  }
}

/**
 * Records every route as it is registered, so tests can hold each one to the rules that apply
 * to all (documented in OpenAPI, visitors refused before validation) and a new route cannot be
 * forgotten. Must be registered before any route.
 */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD routes are GET routes' automatic twins here.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
}
