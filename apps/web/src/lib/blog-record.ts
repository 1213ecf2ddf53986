import { queryOptions } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { api } from './api-client';

/**
 * Query keys of blogs: the record below, and under `all` every list of them (the followed ones,
 * home's; each list's factory starts its key with it) — what a favorite or a deleted blog makes
 * stale.
 */
export const blogKeys = {
  all: ['blogs'] as const,
  /** One blog as `viewer` reads it; without a viewer, every reader's copy (for invalidation). */
  detail: (blogId: number, viewer?: number | null) =>
    [...blogKeys.all, 'detail', blogId, viewer === undefined ? {} : { viewer }] as const,
};

/** The blog record's address (every reader's, members' too). */
export const blogPath = (blogId: number) => `/api/blog/non-member/${blogId}`;

/** GET /api/blog/non-member/{blogId}: the blog record, fav_button for the caller. */
export const getBlog = (blogId: number, signal?: AbortSignal) =>
  api<Blog>(blogPath(blogId), { signal });

/**
 * One blog as `viewer` reads it (null: a visitor, the view the server renders for everyone):
 * the blog page, and the members and repository the write, edit and blog forms need.
 */
export const blogQuery = (blogId: number, viewer: number | null) =>
  queryOptions({
    queryKey: blogKeys.detail(blogId, viewer),
    queryFn: ({ signal }) => getBlog(blogId, signal),
  });
