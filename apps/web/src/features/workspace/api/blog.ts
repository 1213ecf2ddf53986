import { queryOptions } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** GET /api/blog/{blogId} — the blog record, for prefilling forms and member checks. */
export const getBlog = (blogId: number) => api<Blog>(`/api/blog/${blogId}`);

export const blogQuery = (blogId: number) =>
  queryOptions({
    queryKey: ['workspace', 'blog', blogId],
    queryFn: () => getBlog(blogId),
  });
