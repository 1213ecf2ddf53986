import { queryOptions } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { api } from '../../../lib/api-client';

/** GET /api/blog/non-member/{blogId}: the public blog record, fav_button for the caller. */
export const getBlog = (blogId: number, signal?: AbortSignal) =>
  api<Blog>(`/api/blog/non-member/${blogId}`, { signal });

/**
 * One blog as `viewer` reads it (null: a visitor, the view the server renders for everyone).
 * Without a viewer the key covers every reader's copy, for invalidation.
 */
export const blogQuery = (blogId: number, viewer?: number | null) =>
  queryOptions({
    queryKey: ['blogs', 'detail', blogId, viewer === undefined ? {} : { viewer }],
    queryFn: ({ signal }) => getBlog(blogId, signal),
  });

/** Every blog query: what a deleted blog makes stale. */
export const allBlogsQuery = () => queryOptions({ queryKey: ['blogs'] });
