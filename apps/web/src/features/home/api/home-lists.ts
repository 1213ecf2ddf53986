import { queryOptions } from '@tanstack/react-query';
import type { HomeArticle } from '@repolog/contract/articles';
import type { BlogCard } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';
import { articleKeys } from '../../../lib/article-record';
import { blogKeys } from '../../../lib/blog-record';

/** GET /api/home/article — today's top breakthroughs (stale with every breakthrough's like). */
export const homeArticlesQuery = queryOptions({
  queryKey: [...articleKeys.all, 'home'],
  queryFn: ({ signal }) => api<HomeArticle[]>('/api/home/article', { signal }),
});

/** GET /api/home/blog — today's top blogs (stale with every blog's favorite). */
export const homeBlogsQuery = queryOptions({
  queryKey: [...blogKeys.all, 'home'],
  queryFn: ({ signal }) => api<BlogCard[]>('/api/home/blog', { signal }),
});
