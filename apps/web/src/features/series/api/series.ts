import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@repolog/contract/common';
import type { CreateSeries, Series, SeriesSummary, UpdateSeries } from '@repolog/contract/series';
import { api } from '../../../lib/api-client';
import { markReadsStale } from '../../../lib/stale-reads';

export const seriesKeys = {
  all: ['series'] as const,
  detail: (seriesId: number) => [...seriesKeys.all, 'detail', seriesId] as const,
  ofBlog: (blogId: number) => [...seriesKeys.all, 'blog', blogId] as const,
};

/** GET /api/series/{seriesId}: the series and its breakthroughs in reading order. */
export const seriesQuery = (seriesId: number) =>
  queryOptions({
    queryKey: seriesKeys.detail(seriesId),
    queryFn: ({ signal }) => api<Series>(`/api/series/${seriesId}`, { signal }),
  });

/** GET /api/blog/{blogId}/series: the blog's series, oldest first. */
export const blogSeriesQuery = (blogId: number) =>
  queryOptions({
    queryKey: seriesKeys.ofBlog(blogId),
    queryFn: ({ signal }) => api<SeriesSummary[]>(`/api/blog/${blogId}/series`, { signal }),
  });

/** POST /api/blog/{blogId}/series */
export function useCreateSeries(blogId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSeries) =>
      api<Series>(`/api/blog/${blogId}/series`, { method: 'POST', body }),
    onSuccess: (series) => {
      client.setQueryData(seriesKeys.detail(series.seriesId), series);
      void client.invalidateQueries({ queryKey: seriesKeys.ofBlog(blogId) });
    },
  });
}

/** PUT /api/series/{seriesId}: a new name and/or order (articles' pages show the change). */
export function useUpdateSeries(seriesId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSeries) =>
      api<Series>(`/api/series/${seriesId}`, { method: 'PUT', body }),
    onSuccess: (series) => {
      client.setQueryData(seriesKeys.detail(seriesId), series);
      void markReadsStale(client);
    },
  });
}

/** DELETE /api/series/{seriesId} */
export function useDeleteSeries(seriesId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Message>(`/api/series/${seriesId}`, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: seriesKeys.detail(seriesId) });
      void markReadsStale(client);
    },
  });
}
