import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTICE_STREAM_EVENTS } from '@repolog/contract/constants';
import type { UnreadCount } from '@repolog/contract/notifications';
import { unreadCountQuery } from '../api/notices';

/**
 * Live notifications: listens to GET /api/notice/stream (Server-Sent Events). A new
 * notification refreshes the lists; a count event sets the badge. EventSource reconnects by
 * itself after a drop; on reconnect the count and lists are fetched again.
 */
export function useNoticeStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notice/stream', { withCredentials: true });
    const onCount = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as UnreadCount;
      if (typeof data.unreadCount === 'number')
        queryClient.setQueryData(unreadCountQuery.queryKey, data);
    };
    const onNotice = () => void queryClient.invalidateQueries({ queryKey: ['notices', 'list'] });
    const onOpen = () => void queryClient.invalidateQueries({ queryKey: ['notices'] });
    source.addEventListener(NOTICE_STREAM_EVENTS.count, onCount);
    source.addEventListener(NOTICE_STREAM_EVENTS.notice, onNotice);
    source.addEventListener('open', onOpen);
    return () => source.close();
  }, [queryClient]);
}
