import { queryOptions } from '@tanstack/react-query';
import type { ArticleRepoRefs } from '@repolog/contract/articles';
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

/**
 * A breakthrough's references as a member of its blog sees them (a private repository's too):
 * a personal call, made only when the reader is a member and the shared answer left them out.
 */
export const memberRepoRefsQuery = (articleId: number, memberId: number) =>
  queryOptions({
    queryKey: ['articles', 'repo-refs', articleId, memberId] as const,
    queryFn: async () =>
      (await apiRequest<ArticleRepoRefs>(`/api/article/${articleId}/repo-refs`)).data,
    staleTime: 60_000,
    retry: false,
  });
