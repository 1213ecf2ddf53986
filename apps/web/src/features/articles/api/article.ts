import { queryOptions } from '@tanstack/react-query';
import type { Article, LikeResult } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { Message } from '@repolog/contract/common';
import { api } from '../../../lib/api-client';

/** GET /api/article/breakthrough/{articleId}: likeButton and likeCount are the caller's. */
export const getArticle = (articleId: number, signal?: AbortSignal) =>
  api<Article>(`/api/article/breakthrough/${articleId}`, { signal });

/**
 * One article as `viewer` reads it (null: a visitor, the view the server renders for everyone).
 * Without a viewer the key covers every reader's copy, for invalidation.
 */
export const articleQuery = (articleId: number, viewer?: number | null) =>
  queryOptions({
    queryKey: ['articles', 'detail', articleId, viewer === undefined ? {} : { viewer }],
    queryFn: ({ signal }) => getArticle(articleId, signal),
  });

/** Every article query (details and lists): what a deleted article or blog makes stale. */
export const allArticlesQuery = () => queryOptions({ queryKey: ['articles'] });

/** PUT /api/article/{articleId}/like: toggles the caller's like. */
export const toggleLike = (articleId: number) =>
  api<LikeResult>(`/api/article/${articleId}/like`, { method: 'PUT', body: { articleId } });

/** DELETE /api/article/{articleId} */
export const deleteArticle = (articleId: number) =>
  api<Message>(`/api/article/${articleId}`, { method: 'DELETE' });

/** GET /api/blog/non-member/{blogId} — who the article's blog members are (its History link). */
export const getArticleBlog = (blogId: number, signal?: AbortSignal) =>
  api<Blog>(`/api/blog/non-member/${blogId}`, { signal });

export const articleBlogQuery = (blogId: number) =>
  queryOptions({
    queryKey: ['articles', 'blog', blogId],
    queryFn: ({ signal }) => getArticleBlog(blogId, signal),
    select: (blog) => ({ members: blog.members, owner: blog.owner }),
  });
