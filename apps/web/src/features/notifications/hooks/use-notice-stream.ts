import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTICE_STREAM_EVENTS } from '@repolog/contract/constants';
import type { UnreadCount } from '@repolog/contract/notifications';
import { ApiError } from '../../../lib/api-client';
import { getUnreadCount, noticeKeys, unreadCountQuery } from '../api/notices';

const STREAM_PATH = '/api/notice/stream';
const MAX_BACKOFF_MS = 30_000;

/**
 * Live notifications from GET /api/notice/stream (Server-Sent Events): a `count` event sets
 * the badge, a `notice` event refreshes the lists. After a network drop EventSource retries by
 * itself. When the server refuses the stream (an expired access token: EventSource cannot
 * refresh it), the count is fetched through the API client, which refreshes the session, and
 * the stream reopens with a growing back-off.
 */
export function useNoticeStream(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let openedBefore = false;
    let stopped = false;

    const setCount = (data: UnreadCount) => {
      if (typeof data.unreadCount === 'number') {
        queryClient.setQueryData(unreadCountQuery.queryKey, { unreadCount: data.unreadCount });
      }
    };

    const reopenLater = () => {
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => {
        void (async () => {
          try {
            setCount(await getUnreadCount());
          } catch (error) {
            console.error('refreshing the notification count failed', error);
            // The session is over (the API client already handled its expiry): stay closed.
            if (error instanceof ApiError && error.status === 401) return;
          }
          if (!stopped) connect();
        })();
      }, delay);
    };

    const connect = () => {
      const stream = new EventSource(STREAM_PATH, { withCredentials: true });
      source = stream;
      stream.addEventListener('open', () => {
        failures = 0;
        // Whatever happened while disconnected: fetch the lists again.
        if (openedBefore) void queryClient.invalidateQueries({ queryKey: noticeKeys.lists() });
        openedBefore = true;
      });
      stream.addEventListener(NOTICE_STREAM_EVENTS.count, (event) => {
        try {
          setCount(JSON.parse((event as MessageEvent<string>).data) as UnreadCount);
        } catch (error) {
          console.error('a malformed notification count arrived', error);
        }
      });
      stream.addEventListener(NOTICE_STREAM_EVENTS.notice, () => {
        void queryClient.invalidateQueries({ queryKey: noticeKeys.lists() });
      });
      stream.addEventListener('error', () => {
        // CONNECTING: the browser is already retrying. CLOSED: it gave up (e.g. a 401).
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        if (!stopped) reopenLater();
      });
    };

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);
}
