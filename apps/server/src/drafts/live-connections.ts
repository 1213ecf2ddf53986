import type { Actor } from '@repolog/contract/permissions';
import {
  LIVE_CLOSE,
  LIVE_KEEPALIVE_MS,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_MESSAGE_BURST,
  LIVE_MESSAGES_PER_SECOND,
} from '@repolog/contract/live';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type { DraftFields } from './drafts.repository.js';
import { awarenessMessage, encodeAwarenessEntries, syncMessage } from './live-codec.js';
import type { CloseReason, DocStore, LiveDoc, Peer } from './live-doc-store.js';
import { receive } from './live-messages.js';
import { releasePresence } from './live-presence.js';

/** The draft's document could not be opened here; the client reconnects. */
const OPEN_FAILED: CloseReason = {
  code: 1011,
  reason: 'The draft could not be opened; try again.',
};

/** What the live connections need of a WebSocket (the `ws` package's, or a test's). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: Uint8Array): void;
  close(code: number, reason: string): void;
  ping(): void;
  /** Ends the connection at once (a peer that stopped answering gets no closing handshake). */
  terminate(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

/** Who may open a draft's live document: answered by the drafts service. */
export type Admission =
  | { ok: true; blogId: number; fields: () => Promise<DraftFields | undefined> }
  | { ok: false; close: CloseReason };

const OPEN = 1;

/** An awareness update with nobody in it: the keepalive's message (clients apply nothing). */
const KEEPALIVE = awarenessMessage(encodeAwarenessEntries([]));

interface Connection extends Peer {
  socket: LiveSocket;
  actor: Actor;
  sessionId: string | null;
  /** Messages are handled one after another, each after the previous one was stored. */
  queue: Promise<void>;
  tokens: number;
  refilledAt: number;
  closed: boolean;
  /** It answered the last ping (or sent something) since the last keepalive beat. */
  alive: boolean;
}

/**
 * Editors' WebSockets: admission, the order of each one's messages, a rate limit, keepalive, and
 * ending them. Calls the document store; the store only sends to them.
 */
export function createConnections(options: {
  store: DocStore;
  onError: (error: unknown) => void;
  now: () => number;
  keepaliveMs?: number;
}) {
  const { store, onError, now } = options;
  const each = function* () {
    for (const live of store.all()) {
      for (const peer of live.connections) yield { live, connection: peer as Connection };
    }
  };

  /**
   * Every beat each editor is pinged and sent an empty presence update: a peer that did not
   * answer the previous ping is gone (a closed laptop, a train's tunnel) and is ended, so the
   * others see it leave; and a silent lone editor still hears from the server well within its
   * client's 30 s time-out, so it is not reconnected for nothing.
   */
  const beat = (connection: Connection) => {
    if (connection.closed) return;
    try {
      if (!connection.alive) {
        connection.closed = true;
        connection.socket.terminate();
        return;
      }
      connection.alive = false;
      connection.socket.ping();
    } catch (error) {
      onError(error);
    }
    connection.send(KEEPALIVE);
  };
  const keepalive = setInterval(() => {
    for (const { connection } of each()) beat(connection);
  }, options.keepaliveMs ?? LIVE_KEEPALIVE_MS);
  keepalive.unref();

  /** A token bucket per connection: bursts of typing pass, a flood is disconnected. */
  const withinRate = (connection: Connection) => {
    const at = now();
    connection.tokens = Math.min(
      LIVE_MESSAGE_BURST,
      connection.tokens + ((at - connection.refilledAt) / 1000) * LIVE_MESSAGES_PER_SECOND,
    );
    connection.refilledAt = at;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  };

  const leave = (live: LiveDoc, connection: Connection) => {
    if (!live.connections.delete(connection)) return;
    const gone = releasePresence(connection, live);
    if (gone.length > 0) awarenessProtocol.removeAwarenessStates(live.awareness, gone, null);
    if (live.connections.size === 0) store.idle(live);
  };

  /** Joins the document: the server asks what the editor has, and tells who is present. */
  const join = (live: LiveDoc, connection: Connection) => {
    live.connections.add(connection);
    connection.send(syncMessage((encoder) => syncProtocol.writeSyncStep1(encoder, live.doc)));
    const present = [...live.awareness.getStates().keys()];
    if (present.length > 0) {
      connection.send(
        awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(live.awareness, present)),
      );
    }
  };

  return {
    /**
     * A new WebSocket for a draft. Listens at once (messages wait while the admission is
     * decided and the document loads), then syncs.
     */
    connect(
      socket: LiveSocket,
      who: { actor: Actor; sessionId: string | null },
      draftId: number,
      admit: () => Promise<Admission>,
    ): void {
      const connection: Connection = {
        socket,
        actor: who.actor,
        userId: who.actor.userId,
        login: who.actor.userName,
        sessionId: who.sessionId,
        awarenessIds: new Set(),
        queue: Promise.resolve(),
        tokens: LIVE_MESSAGE_BURST,
        refilledAt: now(),
        closed: false,
        alive: true,
        send(message) {
          if (connection.closed || socket.readyState !== OPEN) return;
          try {
            socket.send(message);
          } catch (error) {
            onError(error);
          }
        },
        close(why) {
          if (connection.closed) return;
          connection.closed = true;
          try {
            socket.close(why.code, why.reason);
          } catch (error) {
            onError(error);
          }
        },
      };
      let live: LiveDoc | undefined;
      const admitted = (async () => {
        const admission = await admit();
        if (!admission.ok) {
          connection.close(admission.close);
          return undefined;
        }
        const doc = store.open(draftId, admission.blogId, admission.fields);
        await doc.ready;
        if (connection.closed) return undefined;
        if (doc.gone) {
          // Posted or deleted since it was admitted: asked again, admission says which.
          const again = await admit();
          connection.close(again.ok ? OPEN_FAILED : again.close);
          return undefined;
        }
        live = doc;
        join(doc, connection);
        return doc;
      })();
      admitted.catch((error: unknown) => {
        onError(error);
        connection.close(OPEN_FAILED);
      });

      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data) => {
        if (connection.closed) return;
        connection.alive = true;
        if (data.length > LIVE_MAX_MESSAGE_BYTES) {
          connection.close(LIVE_CLOSE.tooLarge);
          return;
        }
        if (!withinRate(connection)) {
          connection.close(LIVE_CLOSE.tooFast);
          return;
        }
        const bytes = new Uint8Array(data);
        connection.queue = connection.queue
          .then(async () => {
            const doc = await admitted;
            if (!doc || connection.closed) return;
            await receive(store, doc, connection, bytes);
          })
          .catch((error: unknown) => {
            onError(error);
            connection.close({ code: 1011, reason: 'That change could not be stored; reconnect.' });
          });
      });
      socket.on('close', () => {
        connection.closed = true;
        // A draft that could not be opened (told above; e.g. posted while its first state was
        // being stored) has no editor to let go. Unhandled, that failure stopped the server.
        void admitted.then(
          () => {
            if (live) leave(live, connection);
          },
          () => undefined,
        );
      });
    },

    /** Ends every connection to a draft with `why` (posted, deleted). */
    closeDraft(draftId: number, why: CloseReason): void {
      const live = store.get(draftId);
      if (live) for (const peer of live.connections) peer.close(why);
    },

    /** Ends the connections of editors who may not edit any more (removed from the blog). */
    async recheckBlog(
      blogId: number | undefined,
      mayEdit: (blogId: number, actor: Actor) => Promise<boolean>,
    ): Promise<void> {
      for (const { live, connection } of [...each()]) {
        if (blogId !== undefined && live.blogId !== blogId) continue;
        if (!(await mayEdit(live.blogId, connection.actor))) connection.close(LIVE_CLOSE.removed);
      }
    },

    /** Sessions ended (logout, a reused refresh token, a deleted account): their editors go. */
    endSessions(end: { sessionIds: string[] } | { userId: number }): void {
      for (const { connection } of each()) {
        const ended =
          'userId' in end
            ? connection.actor.userId === end.userId
            : connection.sessionId !== null && end.sessionIds.includes(connection.sessionId);
        if (ended) connection.close(LIVE_CLOSE.signedOut);
      }
    },

    count(): number {
      return [...each()].length;
    },

    /** The server stops: every editor is told to reconnect (to another instance, or later). */
    stop(): void {
      clearInterval(keepalive);
      for (const { connection } of each()) {
        connection.close({ code: 1012, reason: 'The server is restarting; reconnecting.' });
      }
    },
  };
}
