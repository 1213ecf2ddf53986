import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchResult } from '@repolog/contract/search';
import { api } from '../../../lib/api-client';
import { writeSearchState, type SearchState } from '../lib/search-state';

/** GET /api/search: one page of matches with their marked passages. */
export const getSearch = (state: SearchState, signal?: AbortSignal) =>
  api<SearchResult>(`/api/search?${writeSearchState(state).toString()}`, { signal });

export const searchQuery = (state: SearchState) =>
  queryOptions({
    queryKey: ['search', state.q, state.tag, state.lang, state.blog, state.sort, state.page],
    queryFn: ({ signal }) => getSearch(state, signal),
    // The current results stay on screen while the next page or order loads.
    placeholderData: keepPreviousData,
  });
