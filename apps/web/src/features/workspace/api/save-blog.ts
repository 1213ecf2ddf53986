import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBlog, CreatedBlog, UpdateBlog } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';
import { markReadsStale } from '../../../lib/stale-reads';

/** POST /api/blog — answers with the new blog's blog_id. */
export const createBlog = (body: CreateBlog) =>
  api<CreatedBlog>('/api/blog', { method: 'POST', body });

/** PUT /api/blog/{blogId} — the member list is synced to blogMember. */
export const updateBlog = (blogId: number, body: UpdateBlog) =>
  api<unknown>(`/api/blog/${blogId}`, { method: 'PUT', body });

/**
 * A saved blog shows up in many lists (workspace, home, blog page) cached under other
 * features' keys: everything but the session goes stale, so each page refetches on mount.
 */
export function useCreateBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createBlog,
    onSuccess: () => markReadsStale(client),
  });
}

export function useUpdateBlog(blogId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBlog) => updateBlog(blogId, body),
    onSuccess: () => markReadsStale(client),
  });
}
