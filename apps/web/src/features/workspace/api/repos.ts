import { queryOptions } from '@tanstack/react-query';
import type { RepoOption } from '@repolog/contract/codehost';
import { activityNotice } from '../../../lib/activity-notice';
import { apiRequest } from '../../../lib/api-client';

export interface RepoList {
  repos: RepoOption[];
  /** Why the list may be old or empty (GitHub slow, down or rate-limited); null when fresh. */
  notice: string | null;
}

/** GET /api/repos — the signed-in user's GitHub repositories. */
export async function getRepos(): Promise<RepoList> {
  const res = await apiRequest<RepoOption[]>('/api/repos');
  return { repos: res.data, notice: activityNotice(res.headers) };
}

export const reposQuery = queryOptions({
  queryKey: ['workspace', 'repos'],
  queryFn: getRepos,
});
