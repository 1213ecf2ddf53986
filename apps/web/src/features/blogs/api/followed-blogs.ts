import { queryOptions } from '@tanstack/react-query';
import type { BlogCard } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** GET /api/home/blog/like — the blogs the reader favorited. */
export const followedBlogsQuery = queryOptions({
  // Under blogKeys.all (lib/blog-record.ts): a favorite or a deletion makes it stale.
  queryKey: ['blogs', 'followed'],
  queryFn: ({ signal }) => api<BlogCard[]>('/api/home/blog/like', { signal }),
});
