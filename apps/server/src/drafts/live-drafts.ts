import { randomUUID } from 'node:crypto';
import type { Actor } from '@repolog/contract/permissions';
import {
  LIVE_CLOSE,
  LIVE_KEEPALIVE_MS,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_MESSAGE_BURST,
  LIVE_MESSAGE_SAVED,
  LIVE_MESSAGES_PER_SECOND,
} from '@repolog/contract/live';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Database, Unlisten } from '../db/client.js';
import {
  docOf,
  fieldsOfDoc,
  firstState,
  mergeParts,
  writeFieldsToDoc,
} from './draft-doc-fields.js';
import { DRAFT_CHANNEL, type DraftDocsRepository } from './draft-docs.repository.js';
import type { DraftFields } from './drafts.repository.js';
import {
  awarenessEntries,
  awarenessMessage,
  encodeAwarenessEntries,
  isEmptyUpdate,
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_SYNC,
  syncMessage,
} from './live-codec.js';
import {
  createPresenceElsewhere,
  loginsOf,
  releasePresence,
  sortPresence,
  type PresenceHolder,
} from './live-presence.js';

/** The document's plain fields follow it this long after typing pauses. */
const MATERIALIZE_MS = 400;
/** Updates appended before the draft's rows are folded into its snapshot. */
const COMPACT_EVERY = 200;
/** A document nobody has open stays in memory this long (a reload comes back to it). */
const IDLE_MS = 15_000;
/** NOTIFY payloads stay under PostgreSQL's 8000 bytes; a larger change goes by its id. */
const MAX_INLINE_BYTES = 5000;

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

const OPEN = 1;

/** An awareness update with nobody in it: the keepalive's message (clients apply nothing). */
const KEEPALIVE = awarenessMessage(encodeAwarenessEntries([]));

/** Why a connection is refused or ended; the page shows the reason. */
export type CloseReason = { code: number; reason: string };

/** Who may open a draft's live document: answered by the drafts service. */
export type Admission =
  | { ok: true; blogId: number; fields: () => Promise<DraftFields | undefined> }
  | { ok: false; close: CloseReason };

interface Connection extends PresenceHolder {
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

interface LiveDoc {
  draftId: number;
  blogId: number;
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  /** Which connection here announced each awareness client id. */
  owners: Map<number, PresenceHolder>;
  connections: Set<Connection>;
  ready: Promise<void>;
  appendedSinceCompaction: number;
  materializeTimer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  /** The fields last written to the drafts table, as JSON. */
  written: string;
  /** Who made the change the next field write records. */
  lastUserId: number | null;
}

/** Changes that came from another instance or from the server itself (a form save). */
const REMOTE = Symbol('remote');

interface Relay {
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
 * Live documents of drafts (DESIGN.md §7): one Yjs document per draft, shared by every member
 * who has it open on any instance. An editor's change is appended to PostgreSQL before anyone
 * is told of it (the editor then hears SAVED with the stored state vector); other instances get
 * it through LISTEN/NOTIFY in the same transaction; the drafts table follows the document.
 */
export function createLiveDrafts(options: {
  repo: DraftDocsRepository;
  database: Pick<Database, 'listen'>;
  onError: (error: unknown) => void;
  now?: () => number;
  /** Keepalive beat (tests shorten it). */
  keepaliveMs?: number;
}) {
  const { repo, database, onError, now = () => Date.now() } = options;
  const self = randomUUID();
  const docs = new Map<number, LiveDoc>();
  const elsewhere = createPresenceElsewhere(now);
  let unlisten: Unlisten | undefined;

  const send = (connection: Connection, message: Uint8Array) => {
    if (connection.closed || connection.socket.readyState !== OPEN) return;
    try {
      connection.socket.send(message);
    } catch (error) {
      onError(error);
    }
  };

  const close = (connection: Connection, why: CloseReason) => {
    if (connection.closed) return;
    connection.closed = true;
    try {
      connection.socket.close(why.code, why.reason);
    } catch (error) {
      onError(error);
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
    if (!connection.alive) {
      connection.closed = true;
      try {
        connection.socket.terminate();
      } catch (error) {
        onError(error);
      }
      return;
    }
    connection.alive = false;
    try {
      connection.socket.ping();
    } catch (error) {
      onError(error);
    }
    send(connection, KEEPALIVE);
  };
  const keepalive = setInterval(() => {
    for (const live of docs.values()) for (const connection of live.connections) beat(connection);
  }, options.keepaliveMs ?? LIVE_KEEPALIVE_MS);
  keepalive.unref();

  const materialize = async (live: LiveDoc) => {
    live.materializeTimer = undefined;
    const fields = fieldsOfDoc(live.doc);
    const json = JSON.stringify(fields);
    if (json === live.written) return;
    live.written = json;
    await repo.writeFields(live.draftId, fields, live.lastUserId);
  };

  const scheduleMaterialize = (live: LiveDoc) => {
    if (live.materializeTimer) return;
    live.materializeTimer = setTimeout(() => {
      materialize(live).catch(onError);
    }, MATERIALIZE_MS);
    live.materializeTimer.unref();
  };

  const compact = async (live: LiveDoc) => {
    live.appendedSinceCompaction = 0;
    await repo.compact(live.draftId, mergeParts);
  };

  const forget = (live: LiveDoc) => {
    if (docs.get(live.draftId) !== live) return;
    docs.delete(live.draftId);
    clearTimeout(live.materializeTimer);
    clearTimeout(live.idleTimer);
    live.awareness.destroy();
    live.doc.destroy();
  };

  /** The last editor left: write the fields now, fold the updates, and let the doc go later. */
  const idle = (live: LiveDoc) => {
    clearTimeout(live.materializeTimer);
    live.materializeTimer = undefined;
    void (async () => {
      await live.ready;
      await materialize(live);
      if (live.appendedSinceCompaction > 0) await compact(live);
    })().catch(onError);
    live.idleTimer = setTimeout(() => {
      if (live.connections.size === 0) forget(live);
    }, IDLE_MS);
    live.idleTimer.unref();
  };

  const open = (
    draftId: number,
    blogId: number,
    fields: () => Promise<DraftFields | undefined>,
  ) => {
    const existing = docs.get(draftId);
    if (existing) {
      clearTimeout(existing.idleTimer);
      return existing;
    }
    const doc = new Y.Doc({ gc: true });
    const awareness = new awarenessProtocol.Awareness(doc);
    // The server announces nothing of its own.
    awareness.setLocalState(null);
    const live: LiveDoc = {
      draftId,
      blogId,
      doc,
      awareness,
      owners: new Map(),
      connections: new Set(),
      ready: Promise.resolve(),
      appendedSinceCompaction: 0,
      materializeTimer: undefined,
      idleTimer: undefined,
      written: '',
      lastUserId: null,
    };
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      const message = syncMessage((encoder) => syncProtocol.writeUpdate(encoder, update));
      for (const connection of live.connections) {
        if (connection !== origin) send(connection, message);
      }
    });
    awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        const update = awarenessProtocol.encodeAwarenessUpdate(awareness, changed);
        const message = awarenessMessage(update);
        for (const connection of live.connections) {
          if (connection !== origin) send(connection, message);
        }
        if (origin !== REMOTE) {
          relay({ from: self, draftId, awareness: Buffer.from(update).toString('base64') });
        }
      },
    );
    // Changes relayed while it loads are applied at once (Yjs merges in any order).
    live.ready = (async () => {
      let stored = await repo.load(draftId);
      if (!stored.snapshot && stored.updates.length === 0) {
        const current = await fields();
        if (!current) return;
        stored = await repo.start(draftId, firstState(current));
      }
      Y.applyUpdate(
        doc,
        Y.mergeUpdates([
          ...(stored.snapshot ? [stored.snapshot] : []),
          ...stored.updates.map((u) => u.update),
        ]),
        REMOTE,
      );
      live.appendedSinceCompaction = stored.updates.length;
      live.written = JSON.stringify(fieldsOfDoc(doc));
    })();
    docs.set(draftId, live);
    // A document that did not load is not kept: the next editor loads it afresh.
    live.ready.catch((error: unknown) => {
      onError(error);
      forget(live);
    });
    return live;
  };

  /** Tells the other instances (awareness and endings; changes go with their transaction). */
  let relayTo: ((payload: string) => Promise<void>) | undefined;
  const relay = (message: Relay) => {
    relayTo?.(JSON.stringify(message)).catch(onError);
  };

  /**
   * Drops a document whose memory may hold a change that was not stored (the database refused
   * it): its editors reconnect, the document loads again from PostgreSQL and the editors send
   * what it lacks, so nothing is lost and nothing unstored is believed.
   */
  const reset = (live: LiveDoc) => {
    for (const connection of live.connections) {
      close(connection, { code: 1011, reason: 'That change could not be stored; reconnecting.' });
    }
    live.connections.clear();
    forget(live);
  };

  /**
   * An editor's change: applied (a change Yjs cannot read is refused and nothing of it kept),
   * stored and relayed to the other instances in one transaction, then acknowledged.
   */
  const receiveUpdate = async (live: LiveDoc, connection: Connection, update: Uint8Array) => {
    let missing: Uint8Array;
    try {
      // Only what the document lacks is stored (a reconnecting editor resends what it had).
      missing = Y.diffUpdate(update, Y.encodeStateVector(live.doc));
      if (!isEmptyUpdate(missing)) Y.applyUpdate(live.doc, missing, connection);
    } catch {
      close(connection, LIVE_CLOSE.malformed);
      return;
    }
    if (!isEmptyUpdate(missing)) {
      const bytes = Buffer.from(missing);
      const inline = bytes.length <= MAX_INLINE_BYTES;
      try {
        await repo.append(live.draftId, connection.actor.userId, bytes, (id) =>
          JSON.stringify({
            from: self,
            draftId: live.draftId,
            id,
            ...(inline ? { update: bytes.toString('base64') } : {}),
          } satisfies Relay),
        );
      } catch (error) {
        reset(live);
        throw error;
      }
      live.lastUserId = connection.actor.userId;
      live.appendedSinceCompaction += 1;
      scheduleMaterialize(live);
      if (live.appendedSinceCompaction >= COMPACT_EVERY) compact(live).catch(onError);
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, LIVE_MESSAGE_SAVED);
    encoding.writeVarUint8Array(encoder, Y.encodeStateVector(live.doc));
    send(connection, encoding.toUint8Array(encoder));
  };

  const receive = async (live: LiveDoc, connection: Connection, data: Uint8Array) => {
    let decoder: decoding.Decoder;
    let type: number;
    try {
      decoder = decoding.createDecoder(data);
      type = decoding.readVarUint(decoder);
    } catch {
      close(connection, LIVE_CLOSE.malformed);
      return;
    }
    if (type === MESSAGE_SYNC) {
      let sync: number;
      let payload: Uint8Array;
      try {
        sync = decoding.readVarUint(decoder);
        payload = decoding.readVarUint8Array(decoder);
      } catch {
        close(connection, LIVE_CLOSE.malformed);
        return;
      }
      if (sync === syncProtocol.messageYjsSyncStep1) {
        let missing: Uint8Array;
        try {
          missing = Y.encodeStateAsUpdate(live.doc, payload);
        } catch {
          close(connection, LIVE_CLOSE.malformed);
          return;
        }
        send(
          connection,
          syncMessage((encoder) => {
            encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
            encoding.writeVarUint8Array(encoder, missing);
          }),
        );
        return;
      }
      if (sync === syncProtocol.messageYjsSyncStep2 || sync === syncProtocol.messageYjsUpdate) {
        await receiveUpdate(live, connection, payload);
        return;
      }
      close(connection, LIVE_CLOSE.malformed);
      return;
    }
    if (type === MESSAGE_AWARENESS) {
      let update: Uint8Array;
      try {
        update = decoding.readVarUint8Array(decoder);
      } catch {
        close(connection, LIVE_CLOSE.malformed);
        return;
      }
      const entries = awarenessEntries(update);
      if (!entries) {
        close(connection, LIVE_CLOSE.malformed);
        return;
      }
      const presence = sortPresence(entries, connection, live);
      if (presence.impersonates) {
        close(connection, LIVE_CLOSE.malformed);
        return;
      }
      if (presence.own.length > 0) {
        awarenessProtocol.applyAwarenessUpdate(
          live.awareness,
          encodeAwarenessEntries(presence.own),
          connection,
        );
      }
      if (presence.behind.length > 0) {
        send(connection, awarenessMessage(encodeAwarenessEntries(presence.behind)));
      }
      return;
    }
    if (type === MESSAGE_QUERY_AWARENESS) {
      send(
        connection,
        awarenessMessage(
          awarenessProtocol.encodeAwarenessUpdate(live.awareness, [
            ...live.awareness.getStates().keys(),
          ]),
        ),
      );
      return;
    }
    close(connection, LIVE_CLOSE.malformed);
  };

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
    if (live.connections.size === 0) idle(live);
  };

  const onRelay = (payload: string) => {
    let message: Relay;
    try {
      message = JSON.parse(payload) as Relay;
    } catch {
      return;
    }
    if (message.from === self || typeof message.draftId !== 'number') return;
    if (message.awareness) {
      const entries = awarenessEntries(Buffer.from(message.awareness, 'base64'));
      if (entries) elsewhere.heard(message.draftId, entries);
    }
    const live = docs.get(message.draftId);
    if (!live) return;
    if (message.ended) {
      for (const connection of live.connections) close(connection, LIVE_CLOSE[message.ended]);
      return;
    }
    if (message.awareness) {
      awarenessProtocol.applyAwarenessUpdate(
        live.awareness,
        Buffer.from(message.awareness, 'base64'),
        REMOTE,
      );
    }
    if (message.update) {
      Y.applyUpdate(live.doc, Buffer.from(message.update, 'base64'), REMOTE);
    } else if (typeof message.id === 'number') {
      repo
        .findUpdate(message.id)
        .then((update) => {
          if (update) Y.applyUpdate(live.doc, update, REMOTE);
        })
        .catch(onError);
    }
  };

  return {
    /**
     * A new WebSocket for a draft. Listens at once (messages wait while the admission is
     * decided and the document loads), then syncs: the server asks for what the editor has,
     * the editor for what the server has.
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
      };
      let live: LiveDoc | undefined;
      const admitted = (async () => {
        const admission = await admit();
        if (!admission.ok) {
          close(connection, admission.close);
          return undefined;
        }
        const doc = open(draftId, admission.blogId, admission.fields);
        await doc.ready;
        if (connection.closed) return undefined;
        live = doc;
        doc.connections.add(connection);
        send(
          connection,
          syncMessage((encoder) => syncProtocol.writeSyncStep1(encoder, doc.doc)),
        );
        const present = [...doc.awareness.getStates().keys()];
        if (present.length > 0) {
          send(
            connection,
            awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(doc.awareness, present)),
          );
        }
        return doc;
      })();
      admitted.catch((error: unknown) => {
        onError(error);
        close(connection, { code: 1011, reason: 'The draft could not be opened; try again.' });
      });

      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data) => {
        if (connection.closed) return;
        connection.alive = true;
        if (data.length > LIVE_MAX_MESSAGE_BYTES) {
          close(connection, LIVE_CLOSE.tooLarge);
          return;
        }
        if (!withinRate(connection)) {
          close(connection, LIVE_CLOSE.tooFast);
          return;
        }
        const bytes = new Uint8Array(data);
        connection.queue = connection.queue
          .then(async () => {
            const doc = await admitted;
            if (!doc || connection.closed) return;
            await receive(doc, connection, bytes);
          })
          .catch((error: unknown) => {
            onError(error);
            close(connection, {
              code: 1011,
              reason: 'That change could not be stored; reconnect.',
            });
          });
      });
      socket.on('close', () => {
        connection.closed = true;
        void admitted.then(() => {
          if (live) leave(live, connection);
        });
      });
    },

    /** A form save (the drafts API) changed the fields: the live document follows, minimally. */
    async applyFields(draftId: number, fields: DraftFields, userId: number): Promise<void> {
      if (!(await repo.exists(draftId))) return;
      const stored = await repo.load(draftId);
      const doc = docOf([
        ...(stored.snapshot ? [stored.snapshot] : []),
        ...stored.updates.map((u) => u.update),
      ]);
      const before = Y.encodeStateVector(doc);
      writeFieldsToDoc(doc, fields);
      const change = Buffer.from(Y.encodeStateAsUpdate(doc, before));
      doc.destroy();
      if (isEmptyUpdate(change)) return;
      const inline = change.length <= MAX_INLINE_BYTES;
      await repo.append(draftId, userId, change, (id) =>
        JSON.stringify({
          from: self,
          draftId,
          id,
          ...(inline ? { update: change.toString('base64') } : {}),
        } satisfies Relay),
      );
      const live = docs.get(draftId);
      if (live) {
        Y.applyUpdate(live.doc, change, REMOTE);
        live.written = JSON.stringify(fieldsOfDoc(live.doc));
      }
    },

    /** The draft's fields as its live document has them (every stored change), if it has one. */
    async currentFields(draftId: number): Promise<DraftFields | undefined> {
      const stored = await repo.load(draftId);
      if (!stored.snapshot && stored.updates.length === 0) return undefined;
      const doc = docOf([
        ...(stored.snapshot ? [stored.snapshot] : []),
        ...stored.updates.map((u) => u.update),
      ]);
      const fields = fieldsOfDoc(doc);
      doc.destroy();
      return fields;
    },

    /** The draft was posted or deleted: its editors here and everywhere are told. */
    ended(draftId: number, how: 'posted' | 'deleted'): void {
      const live = docs.get(draftId);
      if (live) for (const connection of live.connections) close(connection, LIVE_CLOSE[how]);
      relay({ from: self, draftId, ended: how });
    },

    /**
     * Whether each editor of the blog's drafts may still edit (the blog's members changed, here
     * or on another instance): those who may not are disconnected.
     */
    async recheckBlog(
      blogId: number | undefined,
      mayEdit: (blogId: number, actor: Actor) => Promise<boolean>,
    ): Promise<void> {
      for (const live of docs.values()) {
        if (blogId !== undefined && live.blogId !== blogId) continue;
        for (const connection of live.connections) {
          if (!(await mayEdit(live.blogId, connection.actor))) {
            close(connection, LIVE_CLOSE.removed);
          }
        }
      }
    },

    /** Sessions ended (logout, a reused refresh token, a deleted account): their editors go. */
    endSessions(end: { sessionIds: string[] } | { userId: number }): void {
      for (const live of docs.values()) {
        for (const connection of live.connections) {
          const ended =
            'userId' in end
              ? connection.actor.userId === end.userId
              : connection.sessionId !== null && end.sessionIds.includes(connection.sessionId);
          if (ended) close(connection, LIVE_CLOSE.signedOut);
        }
      }
    },

    /** The logins of the members who have the draft open now, here or on another instance. */
    editingNow(draftId: number): string[] {
      const live = docs.get(draftId);
      const here = live ? loginsOf(live.awareness) : [];
      return [...new Set([...here, ...elsewhere.logins(draftId)])];
    },

    /** Open documents and connections (metrics, tests). */
    stats() {
      let connections = 0;
      for (const live of docs.values()) connections += live.connections.size;
      return { documents: docs.size, connections };
    },

    async start(notify: (payload: string) => Promise<void>): Promise<void> {
      relayTo = notify;
      unlisten = await database.listen(DRAFT_CHANNEL, onRelay);
    },

    async stop(): Promise<void> {
      clearInterval(keepalive);
      await unlisten?.();
      unlisten = undefined;
      const flushes: Promise<void>[] = [];
      for (const live of [...docs.values()]) {
        for (const connection of live.connections) {
          close(connection, { code: 1012, reason: 'The server is restarting; reconnecting.' });
        }
        clearTimeout(live.materializeTimer);
        flushes.push(
          live.ready
            .then(() => materialize(live))
            .catch(onError)
            .finally(() => forget(live)),
        );
      }
      await Promise.all(flushes);
    },
  };
}

export type LiveDrafts = ReturnType<typeof createLiveDrafts>;
