/**
 * Notification streams as browsers keep them open during the mixed run (mixed-run.ts): one
 * `/api/notice/stream` per signed-in user, counting notices, duplicates and reconnects.
 */
import type { SignedIn } from './kit.js';

export interface StreamStats {
  opened: number;
  stillOpen: number;
  notices: number;
  /** Notices a user's streams received more than once (by id). */
  duplicates: number;
  /** Streams that dropped and connected again. */
  reconnects: number;
}

/**
 * One SSE stream per user, as a browser's EventSource keeps it: reconnected half a second after
 * it drops (an instance killed behind the load balancer), until `close()`. Notices are told
 * apart by id, so one pushed twice to a user counts as a duplicate.
 */
export function openStreams(origin: string, users: SignedIn[]) {
  const controller = new AbortController();
  let open = 0;
  let connected = 0;
  let reconnects = 0;
  let duplicates = 0;
  let notices = 0;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 500));
  const follow = async (user: SignedIn) => {
    const seen = new Set<number>();
    for (let first = true; !controller.signal.aborted; first = false) {
      if (!first) {
        reconnects += 1;
        await pause();
      }
      try {
        const res = await fetch(`${origin}/api/notice/stream`, {
          headers: { cookie: user.cookie, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!res.ok || !res.body) continue;
        open += 1;
        if (first) connected += 1;
        const decoder = new TextDecoder();
        const reader = res.body.getReader();
        let buffer = '';
        try {
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            buffer += decoder.decode(chunk.value, { stream: true });
            const blocks = buffer.split('\n\n');
            buffer = blocks.pop() ?? '';
            for (const block of blocks) {
              if (!block.startsWith('event: notice\n')) continue;
              const data = /\ndata: (.*)/.exec(block)?.[1] ?? '{}';
              const id = (JSON.parse(data) as { noticeId?: number }).noticeId ?? -1;
              notices += 1;
              if (seen.has(id)) duplicates += 1;
              seen.add(id);
            }
          }
        } finally {
          open -= 1;
        }
      } catch {
        // dropped or aborted: reconnect unless closing
      }
    }
  };
  const done = users.map(follow);
  return {
    stats: (): StreamStats => ({
      opened: connected,
      stillOpen: open,
      notices,
      duplicates,
      reconnects,
    }),
    close: async () => {
      controller.abort();
      await Promise.allSettled(done);
    },
  };
}
