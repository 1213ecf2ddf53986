import { queryOptions } from '@tanstack/react-query';
import type { Stats, StatsPeriod } from '@repolog/contract/stats';
import { api } from '../../../lib/api-client';

/** What a dashboard shows: a blog, or one breakthrough. */
export type StatsTarget = { blogId: number } | { articleId: number };

const kindOf = (target: StatsTarget) => ('blogId' in target ? 'blogs' : 'articles');
const idOf = (target: StatsTarget) => ('blogId' in target ? target.blogId : target.articleId);

/** Query keys of the writers' stats (members of the blog only). */
export const statsKeys = {
  all: ['stats'] as const,
  of: (target: StatsTarget, days: StatsPeriod) =>
    [...statsKeys.all, kindOf(target), idOf(target), days] as const,
};

/** GET /api/stats/blogs/{blogId}?days= or /api/stats/articles/{articleId}?days= */
export const getStats = (target: StatsTarget, days: StatsPeriod, signal?: AbortSignal) =>
  api<Stats>(`/api/stats/${kindOf(target)}/${idOf(target)}?days=${days}`, { signal });

export const statsQuery = (target: StatsTarget, days: StatsPeriod) =>
  queryOptions({
    queryKey: statsKeys.of(target, days),
    queryFn: ({ signal }) => getStats(target, days, signal),
    staleTime: 10_000,
  });
