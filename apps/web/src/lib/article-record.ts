import { queryOptions } from '@tanstack/react-query';
import type { Article, ArticleRepoRefs } from '@repolog/contract/articles';
import { api, apiRequest } from './api-client';

/**
 * Query keys of breakthroughs: the record below, and under `all` every list of them (each list's
 * factory starts its key with it) — what a like or a deleted breakthrough makes stale.
 */
export const articleKeys = {
  all: ['articles'] as const,
  /** One article as `viewer` reads it; without a viewer, every reader's copy. */
  detail: (articleId: number, viewer?: number | null) =>
    [...articleKeys.all, 'detail', articleId, viewer === undefined ? {} : { viewer }] as const,
};

/** The article record's address. */
export const articlePath = (articleId: number) => `/api/article/breakthrough/${articleId}`;

/** GET /api/article/breakthrough/{articleId}: likeButton and likeCount are the caller's. */
export const getArticle = (articleId: number, signal?: AbortSignal) =>
  api<Article>(articlePath(articleId), { signal });

/**
 * One article as `viewer` reads it (null: a visitor, the view the server renders for everyone):
 * its page, its history's title, the edit form.
 */
export const articleQuery = (articleId: number, viewer?: number | null) =>
  queryOptions({
    queryKey: articleKeys.detail(articleId, viewer),
    queryFn: ({ signal }) => getArticle(articleId, signal),
  });

/**
 * A breakthrough's references as a member of its blog sees them (a private repository's too):
 * a personal call, made only when the reader is a member and the shared answer left them out
 * (the article page's cards, the edit form's problem and solution).
 */
export const memberRepoRefsQuery = (articleId: number, memberId: number) =>
  queryOptions({
    queryKey: ['articles', 'repo-refs', articleId, memberId] as const,
    queryFn: async () =>
      (await apiRequest<ArticleRepoRefs>(`/api/article/${articleId}/repo-refs`)).data,
    staleTime: 60_000,
    retry: false,
  });
