import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { draftIdParamsSchema } from '@repolog/contract/drafts';
import { LIVE_CLOSE } from '@repolog/contract/live';
import type { Actor } from '@repolog/contract/permissions';
import type { Admission, LiveDrafts } from './live-drafts.js';

/** The address of a draft's live document (the session may have expired: it is told so). */
export const LIVE_ROUTE = '/api/draft/:draftId/live';

/**
 * GET /api/draft/{draftId}/live, upgraded to a WebSocket: the draft's live document. Allowed like
 * any write (the session cookie, the Origin of a Repolog page, membership of the draft's blog);
 * a refusal is a close with a code and a reason the page shows.
 */
export function registerLiveDraftsRoute(
  app: FastifyInstance,
  live: LiveDrafts,
  options: { publicUrl: string; admit: (actor: Actor, draftId: number) => Promise<Admission> },
): void {
  const origin = new URL(options.publicUrl).origin;
  app.withTypeProvider<ZodTypeProvider>().get(
    LIVE_ROUTE,
    {
      websocket: true,
      schema: {
        params: draftIdParamsSchema,
        description:
          'Upgrades to a WebSocket carrying the draft’s live Yjs document (y-protocols sync and awareness messages, and message 100: the state vector the server has stored). Members of the draft’s blog only; refusals close the socket with a 44xx code and a reason.',
      },
    },
    (socket, request) => {
      const { draftId } = request.params;
      if (request.headers.origin !== origin) {
        socket.close(LIVE_CLOSE.foreignOrigin.code, LIVE_CLOSE.foreignOrigin.reason);
        return;
      }
      const actor = request.actor;
      if (!actor) {
        socket.close(LIVE_CLOSE.signedOut.code, LIVE_CLOSE.signedOut.reason);
        return;
      }
      live.connect(socket, { actor, sessionId: request.sessionId }, draftId, () =>
        options.admit(actor, draftId),
      );
    },
  );
}
