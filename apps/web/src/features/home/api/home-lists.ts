import { queryOptions } from '@tanstack/react-query';
import type { HomeArticle } from '@repolog/contract/articles';
import type { BlogCard } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** GET /api/home/article — today's top breakthroughs (stale with every breakthrough's like). */
export const homeArticlesQuery = queryOptions({
  // Under articleKeys.all (lib/article-record.ts).
  queryKey: ['articles', 'home'],
  queryFn: ({ signal }) => api<HomeArticle[]>('/api/home/article', { signal }),
});

/** GET /api/home/blog — today's top blogs (stale with every blog's favorite). */
export const homeBlogsQuery = queryOptions({
  // Under blogKeys.all (lib/blog-record.ts).
  queryKey: ['blogs', 'home'],
  queryFn: ({ signal }) => api<BlogCard[]>('/api/home/blog', { signal }),
});
