import { queryOptions } from '@tanstack/react-query';
import type { ArticleListItem } from '@repolog/contract/articles';
import type { ArticleSeries } from '@repolog/contract/series';
import { api } from '../../../lib/api-client';
import { articleKeys } from '../../../lib/article-record';

/** GET /api/article/breakthrough/{id}/related: up to 5, stored when it was written. */
export const relatedQuery = (articleId: number) =>
  queryOptions({
    queryKey: [...articleKeys.all, 'related', articleId],
    queryFn: ({ signal }) =>
      api<ArticleListItem[]>(`/api/article/breakthrough/${articleId}/related`, { signal }),
  });

/** GET /api/article/breakthrough/{id}/series: the series it is part of, if any. */
export const articleSeriesQuery = (articleId: number) =>
  queryOptions({
    queryKey: [...articleKeys.all, 'series', articleId],
    queryFn: ({ signal }) =>
      api<ArticleSeries>(`/api/article/breakthrough/${articleId}/series`, { signal }),
  });
