import { randomUUID } from 'node:crypto';
import type { Unlisten } from '../db/client.js';
import type { MessageBus } from '../plugins/message-bus.js';

/** The channel (message-bus.ts) that tells every instance some sessions have ended. */
export const SESSION_CHANNEL = 'repolog_session';

/** Which sessions ended: some by id (logout, a reused refresh token), or all of one user's. */
export type SessionEnd = { sessionIds: string[] } | { userId: number };

type Message = SessionEnd & { from: string };

function parse(payload: string): Message | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.from !== 'string') return undefined;
    if (typeof value.userId === 'number') return { from: value.from, userId: value.userId };
    if (Array.isArray(value.sessionIds) && value.sessionIds.every((id) => typeof id === 'string')) {
      return { from: value.from, sessionIds: value.sessionIds };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells every instance, at once, that sessions have ended, so none keeps believing them (the
 * session cache) or keeps a live notification stream of theirs open. Without it another
 * instance would notice only when its cached copy expired (5 s) and an open stream only when
 * its access token did (up to 15 minutes).
 */
export interface SessionEnds {
  /** Sessions ended here: act on it here now, and tell the other instances. */
  ended(end: SessionEnd): void;
  on(listener: (end: SessionEnd) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSessionEnds(
  bus: Pick<MessageBus, 'publish' | 'subscribe'>,
  onError: (error: unknown) => void,
): SessionEnds {
  const self = randomUUID();
  const listeners: ((end: SessionEnd) => void)[] = [];
  let unlisten: Unlisten | undefined;
  const act = (end: SessionEnd) => {
    for (const listener of listeners) {
      try {
        listener(end);
      } catch (error) {
        onError(error);
      }
    }
  };
  return {
    ended(end) {
      act(end);
      bus.publish(SESSION_CHANNEL, JSON.stringify({ ...end, from: self })).catch(onError);
    },
    on(listener) {
      listeners.push(listener);
    },
    async start() {
      unlisten = await bus.subscribe(SESSION_CHANNEL, (payload) => {
        const message = parse(payload);
        if (!message || message.from === self) return;
        const { from: _from, ...end } = message;
        act(end);
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
