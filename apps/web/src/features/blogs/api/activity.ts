import { queryOptions } from '@tanstack/react-query';
import type { Activity } from '@repolog/contract/codehost';
import { activityNotice } from '../../../lib/activity-notice';
import { apiRequest } from '../../../lib/api-client';

export interface RepositoryActivity {
  items: Activity[];
  /** Set when the activity is a cached copy or unavailable (GitHub slow, down, rate-limited). */
  notice: string | null;
}

/** GET /api/issues-and-commits?html_url=… — newest first. */
export async function getActivity(
  htmlUrl: string,
  signal?: AbortSignal,
): Promise<RepositoryActivity> {
  const res = await apiRequest<Activity[]>(
    `/api/issues-and-commits?html_url=${encodeURIComponent(htmlUrl)}`,
    { signal },
  );
  return { items: res.data, notice: activityNotice(res.headers) };
}

export const activityQuery = (htmlUrl: string) =>
  queryOptions({
    queryKey: ['codehost', 'activity', htmlUrl],
    queryFn: ({ signal }) => getActivity(htmlUrl, signal),
  });
