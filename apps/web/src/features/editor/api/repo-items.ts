import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RepoItem, RepoItemDetail } from '@repolog/contract/repo-items';
import { activityNotice } from '../../../lib/activity-notice';
import { apiRequest } from '../../../lib/api-client';

export interface RepoItemResults {
  items: RepoItem[];
  /** Why the results may be old or missing (GitHub slow, down or rate-limited); null when fresh. */
  notice: string | null;
}

export const repoItemKeys = {
  all: ['editor', 'repo-items'] as const,
  search: (blogId: number, q: string) => [...repoItemKeys.all, blogId, 'search', q] as const,
  detail: (blogId: number, ref: string) => [...repoItemKeys.all, blogId, 'detail', ref] as const,
};

/** GET /api/blogs/{blogId}/repo-items?q= — the picker's options (at most 20). */
export async function searchRepoItems(blogId: number, q: string): Promise<RepoItemResults> {
  const res = await apiRequest<RepoItem[]>(
    `/api/blogs/${blogId}/repo-items?q=${encodeURIComponent(q)}`,
  );
  return { items: res.data, notice: activityNotice(res.headers) };
}

export const repoItemsQuery = (blogId: number, q: string) =>
  queryOptions({
    queryKey: repoItemKeys.search(blogId, q),
    queryFn: () => searchRepoItems(blogId, q),
    // The list stays while the next search loads (no flash of "nothing found").
    placeholderData: keepPreviousData,
  });

/** GET /api/blogs/{blogId}/repo-items/{ref} — an item in full, to import into the body. */
export const repoItemDetailQuery = (blogId: number, ref: string) =>
  queryOptions({
    queryKey: repoItemKeys.detail(blogId, ref),
    queryFn: async () =>
      (await apiRequest<RepoItemDetail>(`/api/blogs/${blogId}/repo-items/${ref}`)).data,
  });
