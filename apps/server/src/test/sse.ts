import type { Notice } from '@repolog/contract/notifications';
import type { Session } from './factories.js';

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a Server-Sent Events response and hands out its events as they arrive. */
export function readEvents(body: ReadableStream<Uint8Array>) {
  const queue: { event: string; data: string }[] = [];
  let wake: (() => void) | undefined;
  let buffer = '';
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event && data !== undefined) queue.push({ event, data });
        }
        wake?.();
      }
    } catch {
      // aborted
    }
    ended = true;
    wake?.();
  })();

  return {
    /** The next event, or a rejection after `timeoutMs` ("no event") or when the stream ends. */
    async next(timeoutMs = 1000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const item = queue.shift();
      if (!item) throw new Error('no event');
      return { event: item.event, data: JSON.parse(item.data) as unknown };
    },
    /** Resolves once the server has ended the stream; rejects if it is still open after `timeoutMs`. */
    async end(timeoutMs = 2000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        queue.length = 0;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the stream is still open after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    get ended() {
      return ended;
    },
  };
}

export type EventReader = ReturnType<typeof readEvents>;

/** Opens GET /api/notice/stream on a listening server as `session`. */
export async function openStream(base: string, session: Pick<Session, 'cookie'>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notice/stream`, {
    headers: { cookie: session.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.body) throw new Error('no body');
  return { res, events: readEvents(res.body), close: () => controller.abort() };
}

/**
 * A signed-in page's notification stream as its EventSource keeps it: opened again whenever it
 * ends (its instance died behind a load balancer), a tenth of a second later, until `close()`.
 * `notices` holds every notice pushed, in order, whichever connection brought it.
 */
export function followNotices(base: string, session: Pick<Session, 'cookie'>) {
  const controller = new AbortController();
  const notices: Notice[] = [];
  let connects = 0;
  const follow = async () => {
    const res = await fetch(`${base}/api/notice/stream`, {
      headers: { cookie: session.cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!res.ok || !res.body) return void (await res.body?.cancel());
    connects += 1;
    const events = readEvents(res.body);
    while (!events.ended) {
      const event = await events.next(60_000).catch(() => undefined);
      if (event?.event === 'notice') notices.push(event.data as Notice);
    }
  };
  const done = (async () => {
    while (!controller.signal.aborted) {
      await follow().catch(() => undefined);
      // EventSource's reconnection delay (a browser waits a few seconds).
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    notices,
    /** Streams opened so far (1 + reconnections). */
    connects: () => connects,
    close: async () => {
      controller.abort();
      await done;
    },
  };
}
