import type { ServerResponse } from 'node:http';
import { NOTICE_STREAM_EVENTS } from '@repolog/contract/constants';
import type { Notice } from '@repolog/contract/notifications';
import type { Db, Unlisten } from '../db/client.js';
import type { MessageBus } from '../plugins/message-bus.js';

/** The channel (message-bus.ts) that tells every instance a recipient has news. */
export const NOTICE_CHANNEL = 'repolog_notice';
/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * Open streams one session, and one user, may hold on an instance; opening one more closes
 * the oldest. A browser needs one per tab; the cap keeps a script from holding thousands.
 */
export const MAX_STREAMS = 5;
/** How long a browser whose stream was pushed out by newer ones waits to reconnect. */
export const EVICTED_RETRY_MS = 60 * 60 * 1000;

/** Whose stream it is. */
export interface StreamOwner {
  userId: number;
  sessionId: string;
}

interface OpenStream extends StreamOwner {
  res: ServerResponse;
}

/** What travels on NOTICE_CHANNEL: who has news, and which notification (none: the count changed). */
interface Signal {
  recipientId: number;
  noticeId?: number;
}

export interface NoticeHubDeps {
  bus: Pick<MessageBus, 'subscribe' | 'publish' | 'publishOnCommit'>;
  /** The notification as its recipient sees it, with the recipient's id. */
  loadNotice(noticeId: number): Promise<{ recipientId: number; notice: Notice } | undefined>;
  countUnread(recipientId: number): Promise<number>;
  onError(error: unknown): void;
  heartbeatMs?: number;
  /** Streams per session and per user (MAX_STREAMS). */
  maxStreams?: number;
}

/** The message announcing news for `recipientId` (a notification, or a new count). */
export function noticeSignal(recipientId: number, noticeId?: number): string {
  const signal: Signal = noticeId === undefined ? { recipientId } : { recipientId, noticeId };
  return JSON.stringify(signal);
}

function parseSignal(payload: string): Signal | undefined {
  try {
    const value = JSON.parse(payload) as { recipientId?: unknown; noticeId?: unknown };
    if (typeof value.recipientId !== 'number') return undefined;
    return typeof value.noticeId === 'number'
      ? { recipientId: value.recipientId, noticeId: value.noticeId }
      : { recipientId: value.recipientId };
  } catch {
    return undefined;
  }
}

/**
 * The live side of notifications on one server instance: its open Server-Sent Event streams,
 * grouped by recipient. A notification written on any instance is announced on the message bus;
 * every instance subscribes once and pushes the notification and the new unread count to its own
 * streams of that recipient.
 */
export function noticeHub(deps: NoticeHubDeps) {
  // Per recipient, in the order they were opened (a Set keeps insertion order).
  const streams = new Map<number, Set<OpenStream>>();
  const maxStreams = deps.maxStreams ?? MAX_STREAMS;
  let listening: Promise<void> | undefined;
  let unlisten: Unlisten | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  // Pushes go out one after another, so a stream never sees an older count after a newer one.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error: unknown) => deps.onError(error));
    return queue;
  };

  const send = (res: ServerResponse, event: string, data: unknown) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  async function deliver(signal: Signal): Promise<void> {
    if (!streams.get(signal.recipientId)?.size) return;
    const loaded =
      signal.noticeId === undefined ? undefined : await deps.loadNotice(signal.noticeId);
    const unreadCount = await deps.countUnread(signal.recipientId);
    for (const { res } of streams.get(signal.recipientId) ?? []) {
      if (loaded?.recipientId === signal.recipientId) {
        send(res, NOTICE_STREAM_EVENTS.notice, loaded.notice);
      }
      send(res, NOTICE_STREAM_EVENTS.count, { unreadCount });
    }
  }

  const stopHeartbeatIfIdle = () => {
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  /** Ends one stream and forgets it (the browser may reconnect, and is then asked again). */
  const close = (stream: OpenStream) => {
    const set = streams.get(stream.userId);
    set?.delete(stream);
    if (set && set.size === 0) streams.delete(stream.userId);
    stopHeartbeatIfIdle();
    if (!stream.res.writableEnded) stream.res.end();
  };

  /**
   * Closes a stream pushed out by newer ones. Its browser is told to wait an hour before
   * reconnecting: reconnecting at once would push out the next oldest, and so on round.
   */
  const evict = (stream: OpenStream) => {
    if (!stream.res.writableEnded && !stream.res.destroyed) {
      stream.res.write(`retry: ${EVICTED_RETRY_MS}\n\n`);
    }
    close(stream);
  };

  const endStreams = () => {
    for (const set of streams.values()) for (const { res } of set) res.end();
    streams.clear();
    stopHeartbeatIfIdle();
  };

  const beat = () => {
    for (const set of streams.values()) {
      for (const { res } of set) {
        if (!res.writableEnded && !res.destroyed) res.write(': ping\n\n');
      }
    }
  };

  return {
    /** Subscribes this instance to the channel (once); resolves when the subscription is active. */
    ready(): Promise<void> {
      listening ??= deps.bus
        .subscribe(NOTICE_CHANNEL, (payload) => {
          const signal = parseSignal(payload);
          if (signal) void enqueue(() => deliver(signal));
        })
        .then(
          (stop) => {
            unlisten = stop;
          },
          (error: unknown) => {
            listening = undefined;
            throw error;
          },
        );
      return listening;
    },

    /** Tells every instance that `recipientId` has a new notification or a new count. */
    async publish(recipientId: number, noticeId?: number): Promise<void> {
      await deps.bus.publish(NOTICE_CHANNEL, noticeSignal(recipientId, noticeId));
    },

    /** Tells every instance of a notification written in `tx`, once `tx` commits. */
    async announce(tx: Db, recipientId: number, noticeId: number): Promise<void> {
      await deps.bus.publishOnCommit(tx, NOTICE_CHANNEL, noticeSignal(recipientId, noticeId));
    },

    /**
     * Adds an open stream and sends it the current count; the returned function removes it.
     * Past MAX_STREAMS for its session or its user, the oldest of those is closed.
     */
    add(owner: StreamOwner, res: ServerResponse): () => void {
      let set = streams.get(owner.userId);
      if (!set) {
        set = new Set();
        streams.set(owner.userId, set);
      }
      const stream: OpenStream = { ...owner, res };
      set.add(stream);
      const sameSession = [...set].filter((s) => s.sessionId === owner.sessionId);
      for (const old of sameSession.slice(0, Math.max(0, sameSession.length - maxStreams))) {
        evict(old);
      }
      for (const old of [...set].slice(0, Math.max(0, set.size - maxStreams))) evict(old);
      if (!heartbeat) {
        heartbeat = setInterval(beat, deps.heartbeatMs ?? HEARTBEAT_MS);
        heartbeat.unref();
      }
      void enqueue(async () => {
        const unreadCount = await deps.countUnread(owner.userId);
        send(res, NOTICE_STREAM_EVENTS.count, { unreadCount });
      });
      return () => {
        const current = streams.get(owner.userId);
        current?.delete(stream);
        if (current && current.size === 0) streams.delete(owner.userId);
        stopHeartbeatIfIdle();
      };
    },

    /** Ends the streams of sessions that ended (logout, a reused refresh token, a deleted account). */
    endSessions(end: { sessionIds: string[] } | { userId: number }): void {
      if ('userId' in end) {
        for (const stream of [...(streams.get(end.userId) ?? [])]) close(stream);
        return;
      }
      const ended = new Set(end.sessionIds);
      for (const set of [...streams.values()]) {
        for (const stream of [...set]) if (ended.has(stream.sessionId)) close(stream);
      }
    },

    /** How many streams are open on this instance. */
    size(): number {
      let n = 0;
      for (const set of streams.values()) n += set.size;
      return n;
    },

    /** Ends every open stream (the server is closing; clients reconnect elsewhere). */
    endStreams,

    async close(): Promise<void> {
      endStreams();
      await queue;
      const stop = unlisten;
      unlisten = undefined;
      listening = undefined;
      await stop?.();
    },
  };
}

export type NoticeHub = ReturnType<typeof noticeHub>;
