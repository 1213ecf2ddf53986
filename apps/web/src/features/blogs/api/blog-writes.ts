import type { FavoriteResult } from '@repolog/contract/blogs';
import type { Message } from '@repolog/contract/common';
import { api } from '../../../lib/api-client';

/** PUT /api/blog/{blogId}/favorites: toggles the caller's favorite. */
export const toggleFavorite = (blogId: number) =>
  api<FavoriteResult>(`/api/blog/${blogId}/favorites`, { method: 'PUT', body: { blogId } });

/** DELETE /api/blog/{blogId} (owner only). */
export const deleteBlog = (blogId: number) =>
  api<Message>(`/api/blog/${blogId}`, { method: 'DELETE' });
