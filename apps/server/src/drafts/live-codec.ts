import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

/** y-protocols message types (y-websocket's numbering); LIVE_MESSAGE_SAVED is Repolog's own. */
export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;

/** A sync message (step 1, step 2 or an update) written by `write`. */
export const syncMessage = (write: (encoder: encoding.Encoder) => void): Uint8Array => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  write(encoder);
  return encoding.toUint8Array(encoder);
};

/** An awareness message carrying `update` (y-protocols' awareness update encoding). */
export const awarenessMessage = (update: Uint8Array): Uint8Array => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
};

/** True when an update holds nothing: no new items and no deletions. */
export function isEmptyUpdate(update: Uint8Array): boolean {
  const decoded = Y.decodeUpdate(update);
  return decoded.structs.length === 0 && decoded.ds.clients.size === 0;
}

/** One client's presence in an awareness update: its state as JSON (`null`: it left). */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  json: string;
}

/** The entries of an awareness update, or undefined when it cannot be read. */
export function awarenessEntries(update: Uint8Array): AwarenessEntry[] | undefined {
  try {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    const entries: AwarenessEntry[] = [];
    for (let i = 0; i < count; i += 1) {
      const clientId = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      const json = decoding.readVarString(decoder);
      JSON.parse(json);
      entries.push({ clientId, clock, json });
    }
    return entries;
  } catch {
    return undefined;
  }
}

export function encodeAwarenessEntries(entries: AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.clientId);
    encoding.writeVarUint(encoder, entry.clock);
    encoding.writeVarString(encoder, entry.json);
  }
  return encoding.toUint8Array(encoder);
}
