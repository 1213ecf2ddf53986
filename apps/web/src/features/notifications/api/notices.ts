import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notice, ReadAllResult, UnreadCount } from '@repolog/contract/notifications';
import { api, apiRequest } from '../../../lib/api-client';

/** Query keys of notifications: the pages of the list, and the unread count. */
export const noticeKeys = {
  all: ['notices'] as const,
  lists: () => [...noticeKeys.all, 'list'] as const,
  list: (page: number, size: number) => [...noticeKeys.lists(), page, size] as const,
  count: () => [...noticeKeys.all, 'count'] as const,
};

export interface NoticePage {
  items: Notice[];
  total: number;
}

/** GET /api/notice?page=&size= — newest first; the total comes from X-Total-Count. */
export async function getNotices(page: number, size: number): Promise<NoticePage> {
  const res = await apiRequest<Notice[]>(`/api/notice?page=${page}&size=${size}`);
  const total = Number(res.headers.get('x-total-count') ?? res.data.length);
  return { items: res.data, total: Number.isFinite(total) ? total : res.data.length };
}

export const noticesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: noticeKeys.list(page, size),
    queryFn: () => getNotices(page, size),
    // The stream says when something new arrives; opening the panel or the page still checks.
    staleTime: 0,
  });

/** GET /api/notice/count */
export const getUnreadCount = () => api<UnreadCount>('/api/notice/count');

export const unreadCountQuery = queryOptions({
  queryKey: noticeKeys.count(),
  queryFn: getUnreadCount,
});

/** PUT /api/notice/{noticeId}: marks one notification viewed. */
export const markNoticeViewed = (noticeId: number) =>
  api<Notice>(`/api/notice/${noticeId}`, { method: 'PUT' });

/** Marks a notification viewed and lowers the badge by one right away (spec §4). */
export function useMarkNoticeViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticeViewed,
    onMutate: async (noticeId) => {
      await queryClient.cancelQueries({ queryKey: noticeKeys.lists() });
      queryClient.setQueryData<UnreadCount>(unreadCountQuery.queryKey, (old) =>
        old ? { unreadCount: Math.max(0, old.unreadCount - 1) } : old,
      );
      queryClient.setQueriesData<NoticePage>({ queryKey: noticeKeys.lists() }, (old) =>
        old
          ? {
              ...old,
              items: old.items.map((item) =>
                item.noticeId === noticeId ? { ...item, isViewed: true } : item,
              ),
            }
          : old,
      );
    },
    onError: (error) => {
      // Spec §8: notification failures are only logged.
      console.error('marking the notification as viewed failed', error);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}

/** PUT /api/notice/read-all: marks every notification of the caller viewed. */
export const markAllNoticesViewed = () =>
  api<ReadAllResult>('/api/notice/read-all', { method: 'PUT' });

/** Marks everything viewed: the badge goes to zero and every row dims at once. */
export function useMarkAllNoticesViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNoticesViewed,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: noticeKeys.all });
      queryClient.setQueryData<UnreadCount>(unreadCountQuery.queryKey, { unreadCount: 0 });
      queryClient.setQueriesData<NoticePage>({ queryKey: noticeKeys.lists() }, (old) =>
        old ? { ...old, items: old.items.map((item) => ({ ...item, isViewed: true })) } : old,
      );
    },
    onSuccess: (result) => {
      // Something may have arrived meanwhile: the server's count is the truth.
      queryClient.setQueryData<UnreadCount>(unreadCountQuery.queryKey, {
        unreadCount: result.unreadCount,
      });
    },
    onError: (error) => {
      // Spec §8: notification failures are only logged.
      console.error('marking all notifications as viewed failed', error);
    },
    // Whatever the stream refetched meanwhile may predate the change: read it all again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
