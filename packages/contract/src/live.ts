/**
 * Live co-editing of a draft (DESIGN.md §7): one Yjs document per draft, synced over a WebSocket
 * at GET /api/draft/{draftId}/live with the y-protocols messages (sync 0, awareness 1, query
 * awareness 3) and one of Repolog's own (SAVED). Plain values: server and web both use them.
 */
import { liveMessages } from './messages/drafts';

/** The shared types of a draft's document: Y.Text for typed fields, Y.Map for the choices. */
export const LIVE_TEXT_FIELDS = ['title', 'content'] as const;
export type LiveTextField = (typeof LIVE_TEXT_FIELDS)[number];
/**
 * Y.Map of the three dropdowns (about, problem, solution) and the repository items problem and
 * solution are about (`issue:12`): '' when none is chosen.
 */
export const LIVE_CHOICES = 'choices';
export const LIVE_CHOICE_FIELDS = [
  'about',
  'problem',
  'solution',
  'problemRef',
  'solutionRef',
] as const;
export type LiveChoiceField = (typeof LIVE_CHOICE_FIELDS)[number];
/**
 * The draft's tags, in the same Y.Map: one value, the tags in order separated by spaces (a tag
 * has no space), so choosing or removing a tag is one change every editor sees whole.
 */
export const LIVE_TAGS = 'tags';
export const liveTags = {
  read: (value: string | undefined): string[] =>
    (value ?? '').split(' ').filter((tag) => tag !== ''),
  write: (tags: readonly string[]): string => tags.join(' '),
};

/**
 * Sent by the server after it has stored changes of this connection: the document's state vector
 * as stored (Yjs encoding). Every change the editor made that the vector covers survives a crash.
 */
export const LIVE_MESSAGE_SAVED = 100;

/**
 * How often the server pings each editor and sends it an empty presence update: well inside
 * y-websocket's 30 s without a message (after which a client reconnects), and a peer that
 * stopped answering is ended after two beats, so the others see it leave.
 */
export const LIVE_KEEPALIVE_MS = 10_000;

/** Largest message an editor may send (a paste of a whole body fits with room to spare). */
export const LIVE_MAX_MESSAGE_BYTES = 1024 * 1024;
/** Messages per second one connection may send, as a burst and as a steady rate. */
export const LIVE_MESSAGE_BURST = 300;
export const LIVE_MESSAGES_PER_SECOND = 60;

const closing = (code: number, key: keyof typeof liveMessages) => ({
  code,
  reason: liveMessages[key],
});

/**
 * Why the server closed a live connection. Codes 4400–4499 tell the editor's client not to
 * reconnect by itself (y-websocket's rule); the page says the reason instead. The close frame
 * carries the English `reason`: the text of a `live.*` key of the message catalogue (each reason
 * its own), so the page shows its own text for that key (liveCloseKey).
 */
export const LIVE_CLOSE = {
  malformed: closing(4400, 'live.malformed'),
  signedOut: closing(4401, 'live.signedOut'),
  foreignOrigin: closing(4403, 'live.foreignOrigin'),
  removed: closing(4403, 'live.removed'),
  suspended: closing(4403, 'live.suspended'),
  notFound: closing(4404, 'live.notFound'),
  posted: closing(4410, 'live.posted'),
  deleted: closing(4410, 'live.deleted'),
  tooLarge: closing(4413, 'live.tooLarge'),
  tooFast: closing(4429, 'live.tooFast'),
} as const;

/** The message key of a close frame's reason; undefined for a reason that is not one of ours. */
export const liveCloseKey = (reason: string): keyof typeof liveMessages | undefined =>
  (Object.keys(liveMessages) as (keyof typeof liveMessages)[]).find(
    (key) => liveMessages[key] === reason,
  );
