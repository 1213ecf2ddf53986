import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BreakthroughRef,
  RepoConnection,
  RepoSettings,
} from '@repolog/contract/repo-connection';
import { api } from '../../../lib/api-client';

/** GET /api/blogs/{blogId}/repository-connection (members): the GitHub App's connection. */
export const repoConnectionQuery = (blogId: number) =>
  queryOptions({
    queryKey: ['blogs', 'repo-connection', blogId] as const,
    queryFn: () => api<RepoConnection>(`/api/blogs/${blogId}/repository-connection`),
    staleTime: 30_000,
    retry: false,
  });

/** PUT /api/blogs/{blogId}/repository-connection: one of the blog's choices. */
export function useSaveRepoSettings(blogId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<RepoSettings>) =>
      api<RepoConnection>(`/api/blogs/${blogId}/repository-connection`, {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: (answer) => client.setQueryData(repoConnectionQuery(blogId).queryKey, answer),
  });
}

/** GET /api/blogs/{blogId}/breakthrough-refs: the items the blog's breakthroughs are about. */
export const breakthroughRefsQuery = (blogId: number) =>
  queryOptions({
    queryKey: ['blogs', 'breakthrough-refs', blogId] as const,
    queryFn: () => api<BreakthroughRef[]>(`/api/blogs/${blogId}/breakthrough-refs`),
    staleTime: 60_000,
    retry: false,
  });

/** The reference an activity item's GitHub address names: `issue:12`, `pull:4`, `commit:<sha>`. */
export function refOfUrl(url: string): string | null {
  const match = /\/(issues|pull|commit)\/([0-9a-f]+|\d+)\/?$/i.exec(url);
  if (!match) return null;
  const [, kind = '', id = ''] = match;
  return `${kind === 'issues' ? 'issue' : kind === 'pull' ? 'pull' : 'commit'}:${id.toLowerCase()}`;
}

/** The breakthrough about an item, if any (a stored commit reference may be a SHA prefix). */
export function breakthroughAbout(
  refs: readonly BreakthroughRef[],
  url: string,
): BreakthroughRef | undefined {
  const ref = refOfUrl(url);
  if (ref === null) return undefined;
  return refs.find((r) => r.ref === ref || (r.ref.startsWith('commit:') && ref.startsWith(r.ref)));
}
