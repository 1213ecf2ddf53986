import { partialMatchKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { authKeys } from './auth';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (404, 403) will not change on retry; network trouble might.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && error.status !== undefined && error.status < 500),
      },
    },
  });
}

/**
 * After a write whose effects show under many features' keys (a breakthrough posted, saved,
 * restored or deleted, a blog saved or deleted): every query but the session's (and `keep`'s)
 * is marked stale and loads again when next shown — or at once for what is on screen, with
 * `refetch: 'active'`.
 */
export function markReadsStale(
  client: QueryClient,
  options: { refetch?: 'none' | 'active'; keep?: readonly QueryKey[] } = {},
): Promise<void> {
  const keep = [authKeys.all, ...(options.keep ?? [])];
  return client.invalidateQueries({
    predicate: (query) => !keep.some((key) => partialMatchKey(query.queryKey, key)),
    refetchType: options.refetch ?? 'none',
  });
}
