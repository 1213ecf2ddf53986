import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TagCount } from '@repolog/contract/tags';
import { api } from '../../../lib/api-client';

/** GET /api/tags?q=: tags in use starting with q, most used first (the tag field's options). */
export const tagSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['tags', 'suggestions', q],
    queryFn: ({ signal }) => api<TagCount[]>(`/api/tags?q=${encodeURIComponent(q)}`, { signal }),
    // The list stays while the next prefix loads (no flash of nothing).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
