import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { authKeys } from './auth';

// Apart from query-client.ts: only writes need it, so no page's first load carries it.
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
