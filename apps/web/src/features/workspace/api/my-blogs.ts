import { queryOptions } from '@tanstack/react-query';
import type { MyBlog } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** GET /api/blog — the blogs the signed-in user runs. */
export const getMyBlogs = () => api<MyBlog[]>('/api/blog');

export const myBlogsQuery = queryOptions({
  queryKey: ['workspace', 'blogs'],
  queryFn: getMyBlogs,
});
