import { queryOptions } from '@tanstack/react-query';
import type { RepoOption } from '@repolog/contract/codehost';
import { ACTIVITY_MESSAGE_HEADER } from '@repolog/contract/constants';
import { translateServerMessage } from '../../../i18n';
import { apiRequest } from '../../../lib/api-client';

export interface RepoList {
  repos: RepoOption[];
  /** Why the list may be old or empty (GitHub slow, down or rate-limited); null when fresh. */
  notice: string | null;
}

/** The server URL-encodes the header so any text survives HTTP. */
export function decodeHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** GET /api/repos — the signed-in user's GitHub repositories. */
export async function getRepos(): Promise<RepoList> {
  const res = await apiRequest<RepoOption[]>('/api/repos');
  const notice = decodeHeader(res.headers.get(ACTIVITY_MESSAGE_HEADER));
  return { repos: res.data, notice: notice && translateServerMessage(notice) };
}

export const reposQuery = queryOptions({
  queryKey: ['workspace', 'repos'],
  queryFn: getRepos,
});
