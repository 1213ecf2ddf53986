import { LIVE_CLOSE, LIVE_MESSAGE_SAVED } from '@repolog/contract/live';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import {
  awarenessEntries,
  awarenessMessage,
  encodeAwarenessEntries,
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_SYNC,
  syncMessage,
} from './live-codec.js';
import type { DocStore, LiveDoc, Peer } from './live-doc-store.js';
import { sortPresence } from './live-presence.js';

/** SAVED: the document's state vector as stored, after this editor's change was stored. */
const savedMessage = (doc: Y.Doc) => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, LIVE_MESSAGE_SAVED);
  encoding.writeVarUint8Array(encoder, Y.encodeStateVector(doc));
  return encoding.toUint8Array(encoder);
};

/** Reads `read`, or ends the connection as not speaking the protocol. */
function readOr<T>(peer: Peer, read: () => T): T | undefined {
  try {
    return read();
  } catch {
    peer.close(LIVE_CLOSE.malformed);
    return undefined;
  }
}

/** The sync messages: step 1 is answered with what the editor lacks; step 2 and updates stored. */
async function receiveSync(
  store: DocStore,
  live: LiveDoc,
  peer: Peer,
  decoder: decoding.Decoder,
): Promise<void> {
  const read = readOr(peer, () => ({
    sync: decoding.readVarUint(decoder),
    payload: decoding.readVarUint8Array(decoder),
  }));
  if (!read) return;
  const { sync, payload } = read;
  if (sync === syncProtocol.messageYjsSyncStep1) {
    const missing = readOr(peer, () => Y.encodeStateAsUpdate(live.doc, payload));
    if (!missing) return;
    peer.send(
      syncMessage((encoder) => {
        encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
        encoding.writeVarUint8Array(encoder, missing);
      }),
    );
    return;
  }
  if (sync === syncProtocol.messageYjsSyncStep2 || sync === syncProtocol.messageYjsUpdate) {
    if (!(await store.change(live, peer, payload))) {
      peer.close(LIVE_CLOSE.malformed);
      return;
    }
    peer.send(savedMessage(live.doc));
    return;
  }
  peer.close(LIVE_CLOSE.malformed);
}

/**
 * Presence: the editor's own is applied and passed on; what it passes on of others is dropped;
 * a returning client behind the server's clock is told of its removal so it announces again.
 */
function receiveAwareness(live: LiveDoc, peer: Peer, decoder: decoding.Decoder): void {
  const update = readOr(peer, () => decoding.readVarUint8Array(decoder));
  if (!update) return;
  const entries = awarenessEntries(update);
  if (!entries) {
    peer.close(LIVE_CLOSE.malformed);
    return;
  }
  const presence = sortPresence(entries, peer, live);
  if (presence.impersonates) {
    peer.close(LIVE_CLOSE.malformed);
    return;
  }
  if (presence.own.length > 0) {
    awarenessProtocol.applyAwarenessUpdate(
      live.awareness,
      encodeAwarenessEntries(presence.own),
      peer,
    );
  }
  if (presence.behind.length > 0) {
    peer.send(awarenessMessage(encodeAwarenessEntries(presence.behind)));
  }
}

/** One message of an editor: handled, or the connection ended as outside the protocol. */
export async function receive(
  store: DocStore,
  live: LiveDoc,
  peer: Peer,
  data: Uint8Array,
): Promise<void> {
  const decoder = decoding.createDecoder(data);
  const type = readOr(peer, () => decoding.readVarUint(decoder));
  if (type === undefined) return;
  if (type === MESSAGE_SYNC) {
    await receiveSync(store, live, peer, decoder);
    return;
  }
  if (type === MESSAGE_AWARENESS) {
    receiveAwareness(live, peer, decoder);
    return;
  }
  if (type === MESSAGE_QUERY_AWARENESS) {
    const everyone = [...live.awareness.getStates().keys()];
    peer.send(awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(live.awareness, everyone)));
    return;
  }
  peer.close(LIVE_CLOSE.malformed);
}
