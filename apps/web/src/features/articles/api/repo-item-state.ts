import { queryOptions } from '@tanstack/react-query';
import type { RepoItemDetail } from '@repolog/contract/repo-items';
import { apiRequest } from '../../../lib/api-client';

/** The current state of a referenced item (open, closed, merged), from Repolog's cache. */
export const repoItemStateQuery = (blogId: number, ref: string) =>
  queryOptions({
    queryKey: ['articles', 'repo-item', blogId, ref] as const,
    queryFn: async () =>
      (await apiRequest<RepoItemDetail>(`/api/blogs/${blogId}/repo-items/${ref}`)).data.state,
    staleTime: 60_000,
    retry: false,
  });
