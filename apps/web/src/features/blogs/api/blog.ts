import { queryOptions } from '@tanstack/react-query';
import type { Blog, FavoriteResult } from '@repolog/contract/blogs';
import type { Message } from '@repolog/contract/common';
import { api } from '../../../lib/api-client';

/** GET /api/blog/non-member/{blogId}: the public blog record, fav_button for the caller. */
export const getBlog = (blogId: number, signal?: AbortSignal) =>
  api<Blog>(`/api/blog/non-member/${blogId}`, { signal });

export const blogQuery = (blogId: number) =>
  queryOptions({
    queryKey: ['blogs', 'detail', blogId],
    queryFn: ({ signal }) => getBlog(blogId, signal),
  });

/** PUT /api/blog/{blogId}/favorites: toggles the caller's favorite. */
export const toggleFavorite = (blogId: number) =>
  api<FavoriteResult>(`/api/blog/${blogId}/favorites`, { method: 'PUT', body: { blogId } });

/** DELETE /api/blog/{blogId} (owner only). */
export const deleteBlog = (blogId: number) =>
  api<Message>(`/api/blog/${blogId}`, { method: 'DELETE' });
