import { LIVE_MESSAGE_SAVED } from '@repolog/contract/live';
import * as decoding from 'lib0/decoding';
import WebSocket from 'ws';
import { Awareness } from 'y-protocols/awareness';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { vi } from 'vitest';

/** How a live connection ended: the server's close code and reason. */
export interface Closed {
  code: number;
  reason: string;
}

/**
 * An editor of a draft's live document in a test, through the same client library the web page
 * uses (y-websocket's provider over `ws`), signed in by cookie, from `origin`.
 */
export function liveEditor(options: {
  baseUrl: string;
  draftId: number;
  cookie?: string;
  origin: string;
  login?: string;
  /** The client id of an editor coming back (the same page reconnecting). */
  clientId?: number;
  /** Times its presence was renewed while away (y-protocols renews it every 15 s). */
  renewals?: number;
}) {
  const { baseUrl, draftId, cookie, origin } = options;
  const doc = new Y.Doc();
  if (options.clientId !== undefined) doc.clientID = options.clientId;
  const awareness = new Awareness(doc);
  if (options.login)
    awareness.setLocalStateField('user', { name: options.login, color: '#4338ca' });
  for (let n = 0; n < (options.renewals ?? 0); n += 1)
    awareness.setLocalState(awareness.getLocalState());
  const closes: Closed[] = [];
  let drops = 0;
  let saved = new Map<number, number>();

  // ws takes headers as an option; the provider constructs sockets with (url, protocols) only.
  class SignedInSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { origin, ...(cookie ? { cookie } : {}) } });
    }
  }
  const provider = new WebsocketProvider(
    `${baseUrl.replace(/^http/, 'ws')}/api/draft`,
    `${draftId}/live`,
    doc,
    {
      WebSocketPolyfill: SignedInSocket as unknown as typeof globalThis.WebSocket,
      awareness,
      disableBc: true,
      maxBackoffTime: 300,
    },
  );
  provider.messageHandlers[LIVE_MESSAGE_SAVED] = (_encoder, decoder) => {
    saved = Y.decodeStateVector(decoding.readVarUint8Array(decoder));
  };
  provider.on('closed', (event) => closes.push({ code: event.code, reason: event.reason }));
  // Every connection that ended, the ones the provider reconnects after included.
  provider.on('connection-close', () => (drops += 1));

  const until = (done: () => boolean, what: string, ms = 5000) =>
    vi.waitFor(
      () => {
        if (!done()) throw new Error(`timed out waiting for ${what}`);
      },
      { timeout: ms, interval: 10 },
    );

  return {
    doc,
    provider,
    /** The server's reasons for ending the connection for good (no reconnection follows). */
    closes,
    /** Connections that ended so far, for good or to be reconnected. */
    drops: () => drops,
    text: (name: 'title' | 'content' = 'content') => doc.getText(name).toJSON(),
    type(at: number, words: string, name: 'title' | 'content' = 'content') {
      doc.getText(name).insert(at, words);
    },
    synced: () => until(() => provider.synced, 'the first sync'),
    /** Waits until the server has stored every change this editor made. */
    async stored() {
      await until(
        () => (saved.get(doc.clientID) ?? 0) >= Y.getState(doc.store, doc.clientID),
        'the server to store the changes',
      );
    },
    /** Waits for the server to end the connection with a reason. */
    async closed(): Promise<Closed> {
      await until(() => closes.length > 0, 'the server to close the connection');
      return closes[0] as Closed;
    },
    until,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

export type LiveEditor = ReturnType<typeof liveEditor>;
