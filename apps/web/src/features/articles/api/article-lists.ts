import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ArticleListItem } from '@repolog/contract/articles';
import { DEFAULT_LIST_SORT, LIST_PAGE_SIZE, type ListSort } from '@repolog/contract/constants';
import { apiRequest } from '../../../lib/api-client';

/** Which paged list: every breakthrough, or the ones the reader liked. */
export type ArticleListSource = 'all' | 'liked';

const PATHS: Record<ArticleListSource, string> = {
  all: '/api/article/breakthrough',
  liked: '/api/home/article/like',
};

export interface ArticleListParams {
  page: number;
  q: string;
  lang: string;
  /** Only the list of every breakthrough has another order than its own (newest first). */
  sort: ListSort;
}

export interface ArticlePage {
  items: ArticleListItem[];
  total: number;
}

/** One page of a list; the server pages and searches, X-Total-Count carries the total. */
export async function getArticlePage(
  source: ArticleListSource,
  { page, q, lang, sort }: ArticleListParams,
  signal?: AbortSignal,
): Promise<ArticlePage> {
  const search = new URLSearchParams({ page: String(page), size: String(LIST_PAGE_SIZE) });
  if (q) search.set('q', q);
  if (lang) search.set('lang', lang);
  if (sort !== DEFAULT_LIST_SORT) search.set('sort', sort);
  const res = await apiRequest<ArticleListItem[]>(`${PATHS[source]}?${search.toString()}`, {
    signal,
  });
  const total = Number(res.headers.get('x-total-count'));
  return { items: res.data, total: Number.isFinite(total) && total >= 0 ? total : res.data.length };
}

export const articlePageQuery = (source: ArticleListSource, params: ArticleListParams) =>
  queryOptions({
    // Under articleKeys.all (lib/article-record.ts): a like or a deletion makes it stale.
    queryKey: ['articles', source, params],
    queryFn: ({ signal }) => getArticlePage(source, params, signal),
    // Keep the current page on screen while the next one loads: no flash, no layout shift.
    placeholderData: keepPreviousData,
  });
