import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from './session.js';

const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

const guard = async (request: FastifyRequest) => {
  requireActor(request);
};

/**
 * Registers routes only signed-in users may call. One guard decides it for the whole scope, in
 * onRequest: a visitor hears 401 before the body is parsed or validated, on every such route
 * alike (fastify/demo's autohooks). Inside, `requireActor(request)` only types the actor.
 */
export function signedInRoutes(
  app: FastifyInstance,
  routes: (scope: ReturnType<typeof withZod>) => void,
): void {
  void app.register(async (scope) => {
    scope.addHook('onRequest', guard);
    // The OpenAPI document marks them as needing the session cookie.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ session: [] }] };
    });
    routes(withZod(scope));
  });
}
