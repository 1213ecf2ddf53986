import { queryOptions } from '@tanstack/react-query';
import type { BlogCard } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';
import { blogKeys } from '../../../lib/blog-record';

/** GET /api/home/blog/like — the blogs the reader favorited. */
export const followedBlogsQuery = queryOptions({
  queryKey: [...blogKeys.all, 'followed'],
  queryFn: ({ signal }) => api<BlogCard[]>('/api/home/blog/like', { signal }),
});
