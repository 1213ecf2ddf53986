import { queryOptions } from '@tanstack/react-query';
import type { ActivityTitle } from '@repolog/contract/codehost';
import { activityNotice } from '../../../lib/activity-notice';
import { apiRequest } from '../../../lib/api-client';

export interface ActivityTitles {
  items: ActivityTitle[];
  /**
   * Why the list may be old or empty (GitHub slow, down or rate-limited), in the language of the
   * page when it was fetched; null when fresh.
   */
  notice: string | null;
}

/** GET /api/issues-and-commits/title?html_url= — the problem and solution options. */
export async function getActivityTitles(htmlUrl: string): Promise<ActivityTitles> {
  const res = await apiRequest<ActivityTitle[]>(
    `/api/issues-and-commits/title?html_url=${encodeURIComponent(htmlUrl)}`,
  );
  return { items: res.data, notice: activityNotice(res.headers) };
}

export const activityTitlesQuery = (htmlUrl: string) =>
  queryOptions({
    queryKey: ['editor', 'activity-titles', htmlUrl],
    queryFn: () => getActivityTitles(htmlUrl),
  });
