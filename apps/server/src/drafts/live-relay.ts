import { randomUUID } from 'node:crypto';
import type { Db, Unlisten } from '../db/client.js';
import type { MessageBus } from '../plugins/message-bus.js';
import { DRAFT_CHANNEL } from './draft-docs.repository.js';

/** Messages stay under PostgreSQL's NOTIFY limit (8000 bytes); a larger change goes by its id. */
const MAX_INLINE_BYTES = 5000;

/** What instances tell each other about a draft's live document (the message bus). */
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
 * published here; a stored change is announced with its own transaction (announceChange), so no
 * instance hears of a change that was not stored.
 */
export function createRelay(options: {
  bus: Pick<MessageBus, 'subscribe' | 'publish' | 'publishOnCommit'>;
  onError: (error: unknown) => void;
}) {
  const { bus, onError } = options;
  const self = randomUUID();
  let started = false;
  let unlisten: Unlisten | undefined;

  return {
    publish(message: Omit<Relay, 'from'>): void {
      if (!started) return;
      const payload = JSON.stringify({ from: self, ...message } satisfies Relay);
      bus.publish(DRAFT_CHANNEL, payload).catch(onError);
    },

    /** Announces stored change `id` of a draft with its transaction (the change itself when small). */
    announceChange(draftId: number, change: Buffer): (tx: Db, id: number) => Promise<void> {
      const inline = change.length <= MAX_INLINE_BYTES;
      return (tx, id) =>
        bus.publishOnCommit(
          tx,
          DRAFT_CHANNEL,
          JSON.stringify({
            from: self,
            draftId,
            id,
            ...(inline ? { update: change.toString('base64') } : {}),
          } satisfies Relay),
        );
    },

    /** Listens for the other instances' messages (this instance's own are not passed on). */
    async start(heard: (message: Relay) => void): Promise<void> {
      started = true;
      unlisten = await bus.subscribe(DRAFT_CHANNEL, (payload) => {
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
