import { randomUUID } from 'node:crypto';
import type { Database, Unlisten } from '../db/client.js';
import { DRAFT_CHANNEL } from './draft-docs.repository.js';

/** NOTIFY payloads stay under PostgreSQL's 8000 bytes; a larger change goes by its id. */
const MAX_INLINE_BYTES = 5000;

/** What instances tell each other about a draft's live document (LISTEN/NOTIFY). */
export interface Relay {
  from: string;
  draftId: number;
  /** A stored change: inline (base64) or by its id. */
  id?: number;
  update?: string;
  awareness?: string;
  /** The draft was posted or deleted: every editor is told and disconnected. */
  ended?: 'posted' | 'deleted';
}

/**
 * The channel between instances: it knows nothing of documents. Awareness and endings are
 * published here; a stored change is announced in its own transaction (changePayload), so no
 * instance hears of a change that was not stored.
 */
export function createRelay(options: {
  database: Pick<Database, 'listen'>;
  onError: (error: unknown) => void;
}) {
  const { database, onError } = options;
  const self = randomUUID();
  let notify: ((payload: string) => Promise<void>) | undefined;
  let unlisten: Unlisten | undefined;

  return {
    publish(message: Omit<Relay, 'from'>): void {
      notify?.(JSON.stringify({ from: self, ...message } satisfies Relay)).catch(onError);
    },

    /** The NOTIFY payload of stored change `id` of a draft (the change itself when small). */
    changePayload(draftId: number, change: Buffer): (id: number) => string {
      const inline = change.length <= MAX_INLINE_BYTES;
      return (id) =>
        JSON.stringify({
          from: self,
          draftId,
          id,
          ...(inline ? { update: change.toString('base64') } : {}),
        } satisfies Relay);
    },

    /** Listens for the other instances' messages (this instance's own are not passed on). */
    async start(
      send: (payload: string) => Promise<void>,
      heard: (message: Relay) => void,
    ): Promise<void> {
      notify = send;
      unlisten = await database.listen(DRAFT_CHANNEL, (payload) => {
        let message: Relay;
        try {
          message = JSON.parse(payload) as Relay;
        } catch {
          return;
        }
        if (message.from === self || typeof message.draftId !== 'number') return;
        heard(message);
      });
    },

    async stop(): Promise<void> {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}

export type LiveRelay = ReturnType<typeof createRelay>;
