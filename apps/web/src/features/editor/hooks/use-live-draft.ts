import { LIVE_CLOSE, LIVE_MESSAGE_SAVED } from '@repolog/contract/live';
import * as decoding from 'lib0/decoding';
import { useEffect, useState, type RefObject } from 'react';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { i18n } from '../../../i18n';
import { refreshSession } from '../../../lib/api-client';
import { colorOf } from '../lib/collaborator-color';

/** How long the page waits for the live connection before saving through the API instead. */
export const LIVE_CONNECT_TIMEOUT_MS = 5000;
/** Connections closed in a row before any got through: none will. */
export const LIVE_CONNECT_ATTEMPTS = 3;

/** What the page says when no WebSocket gets through. */
export const liveDraftMessages = i18n('useLiveDraft', {
  unavailable:
    'Live editing is not available on this network (the connection was refused). Your changes are still saved as you type, and others’ saves show when you reload.',
});

export interface Collaborator {
  clientId: number;
  name: string;
  color: string;
}

/**
 * - connecting: the page waits to join the draft's live document;
 * - live: joined; `online` false while the connection is being restored (edits wait and merge);
 *   `offline` while the browser has no network (edits are kept on this device, in IndexedDB);
 *   `saved` when the server has stored every change made here;
 * - unavailable: no WebSocket gets through (a proxy): the page saves through the drafts API;
 * - ended: the server ended it for good (the draft was posted, the member removed…): `reason`.
 */
export type LiveStatus =
  | { mode: 'connecting' }
  | { mode: 'live'; online: boolean; offline: boolean; saved: boolean; savedAt: Date | null }
  | { mode: 'unavailable' }
  | { mode: 'ended'; code: number; reason: string };

export interface LiveDraft {
  status: LiveStatus;
  doc: Y.Doc;
  provider: WebsocketProvider;
  undoManager: Y.UndoManager;
  collaborators: Collaborator[];
}

const liveUrl = () => `${window.location.origin.replace(/^http/, 'ws')}/api/draft`;

/** Where this browser keeps its copy of a draft's document (per person: a shared computer). */
const localName = (draftId: number, login: string) => `repolog-draft-${draftId}-${login}`;

/**
 * Joins a draft's live document (Yjs over a WebSocket, y-websocket's provider): reconnects by
 * itself, merges what was typed offline, shows who else is in the draft. The server says when
 * it has stored this page's changes (message 100, its state vector), which is what "Saved"
 * means here. The document is also kept in this browser (IndexedDB, y-indexeddb): a page closed
 * while offline sends what it had not sent yet when the draft is opened again.
 */
export function useLiveDraft(
  draftId: number | null,
  login: string | null,
  /** Called once, when the document first arrives, before the page shows it. */
  onJoined?: RefObject<((doc: Y.Doc) => void) | null>,
): LiveDraft | null {
  const [live, setLive] = useState<LiveDraft | null>(null);

  useEffect(() => {
    if (draftId === null || login === null) return;
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(liveUrl(), `${draftId}/live`, doc, {
      // Other tabs are other editors: each gets its own connection and cursor.
      disableBc: true,
      maxBackoffTime: 5000,
    });
    // Absent where IndexedDB is (tests' DOM, some private windows): the page still works.
    const local =
      typeof indexedDB === 'undefined'
        ? null
        : new IndexeddbPersistence(localName(draftId, login), doc);
    const undoManager = new Y.UndoManager([doc.getText('content'), doc.getText('title')]);
    const color = colorOf(login);
    provider.awareness.setLocalStateField('user', { name: login, color, colorLight: `${color}33` });

    let stored = new Map<number, number>();
    let savedAt: Date | null = null;
    let everConnected = false;
    let offline = !navigator.onLine;
    let status: LiveStatus = { mode: 'connecting' };
    let collaborators: Collaborator[] = [];
    const publish = () => setLive({ status, doc, provider, undoManager, collaborators });

    const savedHere = () => (stored.get(doc.clientID) ?? 0) >= ownClock(doc);
    const refresh = () => {
      if (status.mode === 'ended' || status.mode === 'unavailable') return;
      status = everConnected
        ? { mode: 'live', online: provider.wsconnected, offline, saved: savedHere(), savedAt }
        : { mode: 'connecting' };
      publish();
    };

    provider.messageHandlers[LIVE_MESSAGE_SAVED] = (_encoder, decoder) => {
      stored = Y.decodeStateVector(decoding.readVarUint8Array(decoder));
      if (savedHere()) savedAt = new Date();
      refresh();
    };
    const onUpdate = () => refresh();
    doc.on('update', onUpdate);
    provider.on('sync', (synced) => {
      if (synced && !everConnected) {
        everConnected = true;
        onJoined?.current?.(doc);
      }
      refresh();
    });
    provider.on('status', () => refresh());
    provider.on('closed', (event) => {
      if (event.code === LIVE_CLOSE.signedOut.code && status.mode !== 'ended') {
        // The access token expired while editing: refresh it, then join again.
        refreshSession().then(
          () => provider.connect(),
          () => {
            status = { mode: 'ended', code: event.code, reason: event.reason };
            publish();
          },
        );
        return;
      }
      status = { mode: 'ended', code: event.code, reason: event.reason };
      // Nothing of a posted, deleted or missing draft is worth keeping here.
      if (event.code === LIVE_CLOSE.posted.code || event.code === LIVE_CLOSE.notFound.code) {
        void local?.clearData();
      }
      publish();
    });
    // The browser says the network went or came back: the status line says so at once, and the
    // page reconnects at once (instead of after the client's time-out and back-off).
    const onOffline = () => {
      offline = true;
      refresh();
    };
    const onOnline = () => {
      offline = false;
      if (status.mode === 'live' || status.mode === 'connecting') {
        provider.disconnect();
        provider.connect();
      }
      refresh();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    const onAwareness = () => {
      collaborators = [...provider.awareness.getStates().entries()].flatMap(([clientId, state]) => {
        const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
        return typeof user?.name === 'string' && clientId !== doc.clientID
          ? [
              {
                clientId,
                name: user.name,
                color: typeof user.color === 'string' ? user.color : '#4338ca',
              },
            ]
          : [];
      });
      publish();
    };
    provider.awareness.on('change', onAwareness);

    // No WebSocket gets through (a proxy that blocks it, refused three times in a row, or no
    // answer in time): save through the API instead.
    const unavailable = () => {
      if (everConnected || status.mode === 'ended' || status.mode === 'unavailable') return;
      status = { mode: 'unavailable' };
      provider.disconnect();
      publish();
    };
    // Every attempt that fails ends with a close (an error comes with some of them).
    let failures = 0;
    provider.on('connection-close', () => {
      if (everConnected) return;
      failures += 1;
      if (failures >= LIVE_CONNECT_ATTEMPTS) unavailable();
    });
    const giveUp = setTimeout(unavailable, LIVE_CONNECT_TIMEOUT_MS);

    publish();
    return () => {
      clearTimeout(giveUp);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      doc.off('update', onUpdate);
      provider.awareness.off('change', onAwareness);
      undoManager.destroy();
      provider.destroy();
      void local?.destroy();
      doc.destroy();
      setLive(null);
    };
  }, [draftId, login, onJoined]);

  return live;
}

/** This editor's own clock in the document: how many changes it has made. */
function ownClock(doc: Y.Doc): number {
  return Y.decodeStateVector(Y.encodeStateVector(doc)).get(doc.clientID) ?? 0;
}
