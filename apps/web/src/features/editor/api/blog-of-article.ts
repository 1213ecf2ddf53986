import { queryOptions } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** GET /api/blog/{blogId} — the editor needs the repository URL and the members. */
export const getBlogForEditor = (blogId: number) => api<Blog>(`/api/blog/${blogId}`);

export const blogForEditorQuery = (blogId: number) =>
  queryOptions({
    queryKey: ['editor', 'blog', blogId],
    queryFn: () => getBlogForEditor(blogId),
  });
