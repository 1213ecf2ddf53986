/**
 * Live co-editing of a draft (DESIGN.md §7): one Yjs document per draft, synced over a WebSocket
 * at GET /api/draft/{draftId}/live with the y-protocols messages (sync 0, awareness 1, query
 * awareness 3) and one of Repolog's own (SAVED). Plain values: server and web both use them.
 */

/** The shared types of a draft's document: Y.Text for typed fields, Y.Map for the choices. */
export const LIVE_TEXT_FIELDS = ['title', 'content'] as const;
export type LiveTextField = (typeof LIVE_TEXT_FIELDS)[number];
/** Y.Map of the three dropdowns (about, problem, solution): '' when none is chosen. */
export const LIVE_CHOICES = 'choices';
export const LIVE_CHOICE_FIELDS = ['about', 'problem', 'solution'] as const;
export type LiveChoiceField = (typeof LIVE_CHOICE_FIELDS)[number];

/**
 * Sent by the server after it has stored changes of this connection: the document's state vector
 * as stored (Yjs encoding). Every change the editor made that the vector covers survives a crash.
 */
export const LIVE_MESSAGE_SAVED = 100;

/** Largest message an editor may send (a paste of a whole body fits with room to spare). */
export const LIVE_MAX_MESSAGE_BYTES = 1024 * 1024;
/** Messages per second one connection may send, as a burst and as a steady rate. */
export const LIVE_MESSAGE_BURST = 300;
export const LIVE_MESSAGES_PER_SECOND = 60;

/**
 * Why the server closed a live connection. Codes 4400–4499 tell the editor's client not to
 * reconnect by itself (y-websocket's rule); the page says the reason instead.
 */
export const LIVE_CLOSE = {
  malformed: { code: 4400, reason: 'That message is not a change to this draft.' },
  signedOut: { code: 4401, reason: 'Your session has ended. Sign in again to keep editing.' },
  foreignOrigin: {
    code: 4403,
    reason: 'This connection did not come from a Repolog page (Origin check failed).',
  },
  removed: { code: 4403, reason: 'You are no longer a member of this blog.' },
  notFound: {
    code: 4404,
    reason: 'This draft does not exist, or you are not a member of its blog.',
  },
  posted: { code: 4410, reason: 'This draft has been posted.' },
  deleted: { code: 4410, reason: 'This draft has been deleted.' },
  tooLarge: { code: 4413, reason: 'That change is too large to send at once (more than 1 MB).' },
  tooFast: { code: 4429, reason: 'Too many changes at once; reopen the draft to go on.' },
} as const;
