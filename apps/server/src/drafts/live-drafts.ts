import { LIVE_CLOSE } from '@repolog/contract/live';
import type { Actor } from '@repolog/contract/permissions';
import type { MessageBus } from '../plugins/message-bus.js';
import type { DraftDocsRepository } from './draft-docs.repository.js';
import type { DraftFields } from './drafts.repository.js';
import { createConnections, type Admission, type LiveSocket } from './live-connections.js';
import { createDocStore } from './live-doc-store.js';
import { awarenessEntries } from './live-codec.js';
import { createPresenceElsewhere, loginsOf } from './live-presence.js';
import { createRelay } from './live-relay.js';

export type { Admission, LiveSocket } from './live-connections.js';
export type { CloseReason } from './live-doc-store.js';

/**
 * Live documents of drafts (DESIGN.md §7): one Yjs document per draft, shared by every member
 * who has it open on any instance. An editor's change is appended to PostgreSQL before anyone
 * is told of it (the editor then hears SAVED with the stored state vector); other instances get
 * it through the message bus once that transaction commits; the drafts table follows the document.
 *
 * In parts, each calling only the ones after it: connections (live-connections.ts: admission,
 * keepalive, rate; messages in live-messages.ts) -> document store (live-doc-store.ts) -> relay
 * between instances (live-relay.ts); the codec and presence filtering (live-codec.ts,
 * live-presence.ts) are plain functions they share.
 */
export function createLiveDrafts(options: {
  repo: DraftDocsRepository;
  bus: MessageBus;
  onError: (error: unknown) => void;
  now?: () => number;
  /** Keepalive beat (tests shorten it). */
  keepaliveMs?: number;
}) {
  const { repo, bus, onError, now = () => Date.now() } = options;
  const relay = createRelay({ bus, onError });
  const store = createDocStore({ repo, relay, onError });
  const elsewhere = createPresenceElsewhere(now);
  const connections = createConnections({
    store,
    onError,
    now,
    ...(options.keepaliveMs ? { keepaliveMs: options.keepaliveMs } : {}),
  });

  return {
    connect(
      socket: LiveSocket,
      who: { actor: Actor; sessionId: string | null },
      draftId: number,
      admit: () => Promise<Admission>,
    ): void {
      connections.connect(socket, who, draftId, admit);
    },

    /** A form save (the drafts API) changed the fields: the live document follows, minimally. */
    applyFields: (draftId: number, fields: DraftFields, userId: number): Promise<void> =>
      store.applyFields(draftId, fields, userId),

    /** The draft's fields as its live document has them (every stored change), if it has one. */
    currentFields: (draftId: number): Promise<DraftFields | undefined> =>
      store.currentFields(draftId),

    /** The draft was posted or deleted: its editors here and everywhere are told. */
    ended(draftId: number, how: 'posted' | 'deleted'): void {
      connections.closeDraft(draftId, LIVE_CLOSE[how]);
      relay.publish({ draftId, ended: how });
    },

    /**
     * Whether each editor of the blog's drafts may still edit (the blog's members changed, here
     * or on another instance): those who may not are disconnected.
     */
    recheckBlog: (
      blogId: number | undefined,
      mayEdit: (blogId: number, actor: Actor) => Promise<boolean>,
    ): Promise<void> => connections.recheckBlog(blogId, mayEdit),

    /** Sessions ended (logout, a reused refresh token, a deleted account): their editors go. */
    endSessions(end: { sessionIds: string[] } | { userId: number }): void {
      connections.endSessions(end);
    },

    /** The logins of the members who have the draft open now, here or on another instance. */
    editingNow(draftId: number): string[] {
      const live = store.get(draftId);
      const here = live ? loginsOf(live.awareness) : [];
      return [...new Set([...here, ...elsewhere.logins(draftId)])];
    },

    /** Open documents and connections (metrics, tests). */
    stats: () => ({ documents: store.all().length, connections: connections.count() }),

    async start(): Promise<void> {
      await relay.start((message) => {
        if (message.ended) {
          connections.closeDraft(message.draftId, LIVE_CLOSE[message.ended]);
          return;
        }
        // Who is in each draft on other instances, whether or not it is open here.
        const entries = message.awareness
          ? awarenessEntries(Buffer.from(message.awareness, 'base64'))
          : undefined;
        if (entries) elsewhere.heard(message.draftId, entries);
        store.heard(message);
      });
    },

    async stop(): Promise<void> {
      await relay.stop();
      connections.stop();
      await store.flushAll();
    },
  };
}

export type LiveDrafts = ReturnType<typeof createLiveDrafts>;
