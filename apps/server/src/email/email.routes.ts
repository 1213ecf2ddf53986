import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailAddressSchema,
  emailSettingsSchema,
  emailSettingsUpdateSchema,
  emailTokenQuerySchema,
  unsubscribedSchema,
} from '@repolog/contract/email';
import { formatMessage } from '@repolog/contract/messages';
import { requireActor, signedInRoutes } from '../auth/auth.public.js';
import { AppError } from '../errors.js';
import type { EmailService } from './email.service.js';

/** The owner's email settings, the address confirmation link and the one-click unsubscribe. */
export function registerEmailRoutes(app: FastifyInstance, email: EmailService): void {
  signedInRoutes(app, (r) => {
    r.get(
      '/api/settings/email',
      { schema: { response: { 200: emailSettingsSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return email.settings(requireActor(request));
      },
    );
    r.put(
      '/api/settings/email',
      { schema: { body: emailSettingsUpdateSchema, response: { 200: emailSettingsSchema } } },
      async (request) => email.update(requireActor(request), request.body),
    );
    r.post(
      '/api/settings/email/address',
      { schema: { body: emailAddressSchema, response: { 200: emailSettingsSchema } } },
      async (request) => email.requestAddress(requireActor(request), request.body.address),
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  // The link in the confirmation email: back to the settings, saying how it went.
  r.get(
    '/api/email/verify',
    { schema: { querystring: emailTokenQuerySchema } },
    async (request, reply) => {
      try {
        await email.verify(request.query.token, request.actor ?? null);
        return reply.redirect('/settings?email=verified#email');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.redirect(`/settings?emailError=${encodeURIComponent(error.key)}#email`);
      }
    },
  );

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form, without a session.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/email/unsubscribe',
        { schema: { querystring: emailTokenQuerySchema, response: { 200: unsubscribedSchema } } },
        async (request) => {
          await email.unsubscribe(request.query.token);
          return {
            key: 'mail.unsubscribed',
            message: formatMessage({ key: 'mail.unsubscribed', params: {} }),
          };
        },
      );
  });
}
