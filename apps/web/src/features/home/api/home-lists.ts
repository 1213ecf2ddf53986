import { queryOptions } from '@tanstack/react-query';
import type { HomeArticle } from '@repolog/contract/articles';
import type { BlogCard } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** GET /api/home/article — today's top breakthroughs. */
export const homeArticlesQuery = queryOptions({
  queryKey: ['articles', 'home'],
  queryFn: ({ signal }) => api<HomeArticle[]>('/api/home/article', { signal }),
});

/** GET /api/home/blog — today's top blogs. */
export const homeBlogsQuery = queryOptions({
  queryKey: ['blogs', 'home'],
  queryFn: ({ signal }) => api<BlogCard[]>('/api/home/blog', { signal }),
});
