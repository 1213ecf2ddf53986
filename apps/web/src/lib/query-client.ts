import { partialMatchKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

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
 * After a write whose effects show under many features' keys (a deleted article or blog): every
 * query but `keep` (the session) is marked stale and loads again when next shown.
 */
export function markReadsStale(client: QueryClient, keep: QueryKey): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => !partialMatchKey(query.queryKey, keep),
    refetchType: 'none',
  });
}
