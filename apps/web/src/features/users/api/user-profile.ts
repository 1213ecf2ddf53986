import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ArticleListItem } from '@repolog/contract/articles';
import { LIST_PAGE_SIZE } from '@repolog/contract/constants';
import type { UserProfile } from '@repolog/contract/users';
import { api, apiRequest } from '../../../lib/api-client';

/** GET /api/user/{login}: who the user is, their blogs and counts (the same for everyone). */
export const getUserProfile = (login: string, signal?: AbortSignal) =>
  api<UserProfile>(`/api/user/${encodeURIComponent(login)}`, { signal });

export const userProfileQuery = (login: string) =>
  queryOptions({
    queryKey: ['users', 'profile', login],
    queryFn: ({ signal }) => getUserProfile(login, signal),
  });

export interface UserBreakthroughPage {
  items: ArticleListItem[];
  /** X-Total-Count */
  total: number;
}

/** GET /api/user/{login}/breakthroughs: one page of what the user wrote, newest first. */
export async function getUserBreakthroughs(
  login: string,
  page: number,
  signal?: AbortSignal,
): Promise<UserBreakthroughPage> {
  const search = new URLSearchParams({ page: String(page), size: String(LIST_PAGE_SIZE) });
  const res = await apiRequest<ArticleListItem[]>(
    `/api/user/${encodeURIComponent(login)}/breakthroughs?${search.toString()}`,
    { signal },
  );
  const total = Number(res.headers.get('x-total-count'));
  return { items: res.data, total: Number.isFinite(total) && total >= 0 ? total : res.data.length };
}

export const userBreakthroughsQuery = (login: string, page: number) =>
  queryOptions({
    queryKey: ['users', 'breakthroughs', login, page],
    queryFn: ({ signal }) => getUserBreakthroughs(login, page, signal),
    // The current page stays on screen while the next one loads: no flash, no layout shift.
    placeholderData: keepPreviousData,
  });
