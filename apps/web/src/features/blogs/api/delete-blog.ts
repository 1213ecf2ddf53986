import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@repolog/contract/common';
import { blogKeys } from '../../../lib/blog-record';
import { api } from '../../../lib/api-client';
import { markReadsStale } from '../../../lib/stale-reads';

/** DELETE /api/blog/{blogId} (owner only). */
export const deleteBlog = (blogId: number) =>
  api<Message>(`/api/blog/${blogId}`, { method: 'DELETE' });

/**
 * Deletes the blog: its record goes from the cache, and its breakthroughs leave every list, the
 * home strips and the workspace (they load again when shown). `then` says what the page does
 * next (called here, so it happens even if the dialog that asked is gone by then).
 */
export function useDeleteBlog(
  blogId: number,
  then: { onSuccess: () => void; onError: (error: unknown) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBlog(blogId),
    onSuccess: () => {
      client.removeQueries({ queryKey: blogKeys.detail(blogId) });
      void markReadsStale(client);
      then.onSuccess();
    },
    onError: then.onError,
  });
}
