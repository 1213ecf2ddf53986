import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import {
  docOf,
  fieldsOfDoc,
  firstState,
  mergeParts,
  storedParts,
  writeFieldsToDoc,
} from './draft-doc-fields.js';
import type { DraftDocsRepository } from './draft-docs.repository.js';
import type { DraftFields } from './drafts.repository.js';
import { awarenessMessage, isEmptyUpdate, syncMessage } from './live-codec.js';
import type { PresenceHolder } from './live-presence.js';
import type { LiveRelay, Relay } from './live-relay.js';

/** The document's plain fields follow it this long after typing pauses. */
const MATERIALIZE_MS = 400;
/** Updates appended before the draft's rows are folded into its snapshot. */
const COMPACT_EVERY = 200;
/** A document nobody has open stays in memory this long (a reload comes back to it). */
const IDLE_MS = 15_000;

/** Why a connection is refused or ended; the page shows the reason. */
export type CloseReason = { code: number; reason: string };

/** What the store needs of an editor's connection: to send it a message, or end it. */
export interface Peer extends PresenceHolder {
  send(message: Uint8Array): void;
  close(why: CloseReason): void;
}

export interface LiveDoc {
  draftId: number;
  blogId: number;
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  /** Which connection here announced each awareness client id. */
  owners: Map<number, PresenceHolder>;
  connections: Set<Peer>;
  ready: Promise<void>;
  /** Its draft was posted or deleted while it opened (then it is not kept): nobody joins. */
  gone: boolean;
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

/**
 * The drafts' live documents in memory: loaded, changed (each change stored and announced to the
 * other instances in its transaction first), written back, folded, forgotten when idle. It sends
 * to its documents' peers and never reaches into connections.
 */
export function createDocStore(options: {
  repo: DraftDocsRepository;
  relay: LiveRelay;
  onError: (error: unknown) => void;
}) {
  const { repo, relay, onError } = options;
  const docs = new Map<number, LiveDoc>();

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

  /**
   * Drops a document whose memory may hold a change that was not stored: its editors reconnect
   * and send what the reloaded document lacks, so nothing is lost and nothing unstored believed.
   */
  const reset = (live: LiveDoc) => {
    for (const peer of live.connections) {
      peer.close({ code: 1011, reason: 'That change could not be stored; reconnecting.' });
    }
    live.connections.clear();
    forget(live);
  };

  const listen = (live: LiveDoc) => {
    live.doc.on('update', (update: Uint8Array, origin: unknown) => {
      const message = syncMessage((encoder) => syncProtocol.writeUpdate(encoder, update));
      for (const peer of live.connections) if (peer !== origin) peer.send(message);
    });
    live.awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        const update = awarenessProtocol.encodeAwarenessUpdate(live.awareness, changed);
        const message = awarenessMessage(update);
        for (const peer of live.connections) if (peer !== origin) peer.send(message);
        if (origin !== REMOTE) {
          relay.publish({
            draftId: live.draftId,
            awareness: Buffer.from(update).toString('base64'),
          });
        }
      },
    );
  };

  return {
    get: (draftId: number) => docs.get(draftId),
    all: () => [...docs.values()],

    /** The draft's document, loaded (or started from its fields) if it is not in memory. */
    open(draftId: number, blogId: number, fields: () => Promise<DraftFields | undefined>) {
      const existing = docs.get(draftId);
      if (existing) {
        clearTimeout(existing.idleTimer);
        return existing;
      }
      const doc = new Y.Doc({ gc: true });
      const awareness = new awarenessProtocol.Awareness(doc);
      awareness.setLocalState(null); // the server announces nothing of its own
      const live: LiveDoc = {
        draftId,
        blogId,
        doc,
        awareness,
        owners: new Map(),
        connections: new Set(),
        ready: Promise.resolve(),
        gone: false,
        appendedSinceCompaction: 0,
        materializeTimer: undefined,
        idleTimer: undefined,
        written: '',
        lastUserId: null,
      };
      listen(live);
      // Changes relayed while it loads are applied at once (Yjs merges in any order).
      live.ready = (async () => {
        let stored = await repo.load(draftId);
        if (!stored.snapshot && stored.updates.length === 0) {
          const current = await fields();
          const started = current && (await repo.start(draftId, firstState(current)));
          if (!started) {
            live.gone = true;
            return forget(live);
          }
          stored = started;
        }
        Y.applyUpdate(doc, Y.mergeUpdates(storedParts(stored)), REMOTE);
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
    },

    /** The last editor left: write the fields now, fold the updates, and let the doc go later. */
    idle(live: LiveDoc) {
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
    },

    /** An editor's change: applied (false if Yjs cannot read it), stored and announced. */
    async change(live: LiveDoc, peer: Peer, update: Uint8Array): Promise<boolean> {
      let missing: Uint8Array;
      try {
        // Only what the document lacks is stored (a reconnecting editor resends what it had).
        missing = Y.diffUpdate(update, Y.encodeStateVector(live.doc));
        if (!isEmptyUpdate(missing)) Y.applyUpdate(live.doc, missing, peer);
      } catch {
        return false;
      }
      if (isEmptyUpdate(missing)) return true;
      const bytes = Buffer.from(missing);
      try {
        await repo.append(
          live.draftId,
          peer.userId,
          bytes,
          relay.announceChange(live.draftId, bytes),
        );
      } catch (error) {
        reset(live);
        throw error;
      }
      live.lastUserId = peer.userId;
      live.appendedSinceCompaction += 1;
      scheduleMaterialize(live);
      if (live.appendedSinceCompaction >= COMPACT_EVERY) compact(live).catch(onError);
      return true;
    },

    /** A form save (the drafts API) changed the fields: the live document follows, minimally. */
    async applyFields(draftId: number, fields: DraftFields, userId: number): Promise<void> {
      if (!(await repo.exists(draftId))) return;
      const doc = docOf(storedParts(await repo.load(draftId)));
      const before = Y.encodeStateVector(doc);
      writeFieldsToDoc(doc, fields);
      const change = Buffer.from(Y.encodeStateAsUpdate(doc, before));
      doc.destroy();
      if (isEmptyUpdate(change)) return;
      await repo.append(draftId, userId, change, relay.announceChange(draftId, change));
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
      const doc = docOf(storedParts(stored));
      const fields = fieldsOfDoc(doc);
      doc.destroy();
      return fields;
    },

    /** Another instance's presence or stored change for a draft. */
    heard(message: Relay): void {
      const live = docs.get(message.draftId);
      if (!live) return;
      if (message.awareness) {
        const update = Buffer.from(message.awareness, 'base64');
        awarenessProtocol.applyAwarenessUpdate(live.awareness, update, REMOTE);
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
    },

    /** Writes every document's fields and lets them go (the server stops). */
    async flushAll(): Promise<void> {
      await Promise.all(
        [...docs.values()].map((live) => {
          clearTimeout(live.materializeTimer);
          return live.ready
            .then(() => materialize(live))
            .catch(onError)
            .finally(() => forget(live));
        }),
      );
    },
  };
}

export type DocStore = ReturnType<typeof createDocStore>;
