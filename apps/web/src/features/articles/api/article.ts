import { queryOptions } from '@tanstack/react-query';
import type { Article, LikeResult } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import type { Message } from '@repolog/contract/common';
import { api } from '../../../lib/api-client';

/** GET /api/article/breakthrough/{articleId} */
export const getArticle = (articleId: number, signal?: AbortSignal) =>
  api<Article>(`/api/article/breakthrough/${articleId}`, { signal });

export const articleQuery = (articleId: number) =>
  queryOptions({
    queryKey: ['articles', 'detail', articleId],
    queryFn: ({ signal }) => getArticle(articleId, signal),
  });

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
