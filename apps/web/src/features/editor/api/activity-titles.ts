import { queryOptions } from '@tanstack/react-query';
import type { ActivityTitle } from '@repolog/contract/codehost';
import { ACTIVITY_MESSAGE_HEADER } from '@repolog/contract/constants';
import { apiRequest } from '../../../lib/api-client';

export interface ActivityTitles {
  items: ActivityTitle[];
  /** Why the list may be old or empty (GitHub slow, down or rate-limited); null when fresh. */
  notice: string | null;
}

function decodeHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** GET /api/issues-and-commits/title?html_url= — the problem and solution options. */
export async function getActivityTitles(htmlUrl: string): Promise<ActivityTitles> {
  const res = await apiRequest<ActivityTitle[]>(
    `/api/issues-and-commits/title?html_url=${encodeURIComponent(htmlUrl)}`,
  );
  return { items: res.data, notice: decodeHeader(res.headers.get(ACTIVITY_MESSAGE_HEADER)) };
}

export const activityTitlesQuery = (htmlUrl: string) =>
  queryOptions({
    queryKey: ['editor', 'activity-titles', htmlUrl],
    queryFn: () => getActivityTitles(htmlUrl),
  });
