import { queryOptions } from '@tanstack/react-query';
import type { MyBlog } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** The address of the blogs the signed-in user runs. */
export const MY_BLOGS_PATH = '/api/blog';

/** GET /api/blog — the blogs the signed-in user runs. */
export const getMyBlogs = () => api<MyBlog[]>(MY_BLOGS_PATH);

export const myBlogsQuery = queryOptions({
  queryKey: ['workspace', 'blogs'],
  queryFn: getMyBlogs,
});
