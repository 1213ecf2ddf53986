import type { Article, ArticleListItem } from '@repolog/contract/articles';
import { refOf } from '@repolog/contract/repo-import';
import type { ArticleListRow } from './article-lists.repository.js';
import type { ArticleDetailRow } from './articles.repository.js';

/** Shown as the author of an article whose author deleted their account (DESIGN.md §3). */
export const DELETED_USER = 'deleted user';

export function presentListItem(row: ArticleListRow): ArticleListItem {
  return {
    articleId: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    blogName: row.blogName,
    blogId: row.blogId,
    about: row.about,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    tags: row.tags,
  };
}

/**
 * The article for its page as anyone sees it (the reader's own like is added by the service);
 * `contentHtml` is the rendering stored when the body was written.
 */
export function presentArticle(row: ArticleDetailRow, contentHtml: string): Article {
  return {
    articleId: row.id,
    blogId: row.blogId,
    userId: row.authorId,
    userName: row.authorName ?? DELETED_USER,
    title: row.title,
    blogName: row.blogName,
    content: row.content,
    contentHtml,
    about: row.about,
    problem: row.problem,
    solution: row.solution,
    // A private repository's items stay private: visitors see the titles the writers chose.
    problemRef: row.repoPrivate ? null : refOf(row.problemRef, row.gitRepoUrl),
    solutionRef: row.repoPrivate ? null : refOf(row.solutionRef, row.gitRepoUrl),
    likeCount: row.likeCount,
    likeButton: false,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    coauthors: row.coauthors,
    commentsLocked: row.commentsLocked,
  };
}
