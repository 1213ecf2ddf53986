import { useQuery } from '@tanstack/react-query';
import type { Article } from '@repolog/contract/articles';
import { can } from '@repolog/contract/permissions';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatTimeAgo, isValidId } from '../../../lib/format';
import { useSession } from '../../auth/hooks/use-session';
import { CommentsSection } from '../../comments/components/comments-section';
import { articleBlogQuery, articleQuery } from '../api/article';
import { ArticleFacts } from './article-facts';
import { ArticleOptions } from './article-options';
import { ArticleSkeleton } from './article-skeleton';
import { GoToBlogCard } from './go-to-blog-card';
import { LikeButton } from './like-button';
import { MarkdownView } from './markdown-view';
import styles from './article-view.module.css';

/** The article page of spec §2: loading placeholder, then the article and its companions. */
export function ArticleView({ articleId }: { articleId: number }) {
  const valid = isValidId(articleId);
  const {
    data: article,
    error,
    isPending,
    refetch,
  } = useQuery({
    ...articleQuery(articleId),
    enabled: valid,
  });

  useEffect(() => {
    // Spec §8: a failed article load is only logged.
    if (error) console.error('loading the article failed', error);
  }, [error]);

  if (!valid) return <ArticleMissing />;
  if (isPending) return <ArticleSkeleton />;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    if (missing) return <ArticleMissing />;
    return (
      <div className={styles.article}>
        <p className={styles.failed}>This breakthrough could not be loaded.</p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <LoadedArticle key={article.articleId} article={article} />;
}

function ArticleMissing() {
  return (
    <div className={styles.article}>
      <p className={styles.failed}>Breakthrough not found.</p>
    </div>
  );
}

function LoadedArticle({ article }: { article: Article }) {
  const session = useSession();
  // Spec §2: the options menu is the author's (the article's userId is the reader's).
  const isAuthor = session.status === 'in' && article.userId === session.userId;
  const actor = session.status === 'in' ? session : null;
  // Members of the blog may read the history; visitors never ask who they are.
  const blog = useQuery({ ...articleBlogQuery(article.blogId), enabled: actor !== null });
  const member =
    blog.data !== undefined &&
    can(actor, 'article.history', { userId: article.userId, blog: blog.data });
  // updated_at moves only when the breakthrough is edited.
  const edited = Date.parse(article.updatedAt) > Date.parse(article.createdAt);

  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{article.title}</h1>
          {isAuthor && <ArticleOptions articleId={article.articleId} blogId={article.blogId} />}
        </div>
        <p className={styles.meta}>
          <Link to={`/blog/${article.blogId}`} className={styles.blogName}>
            {article.blogName}
          </Link>
          <span aria-hidden="true"> · </span>
          <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
          <span aria-hidden="true"> · </span>
          <span>by {article.userName}</span>
          {edited && (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                Edited{' '}
                <time
                  dateTime={article.updatedAt}
                  title={new Date(article.updatedAt).toLocaleString()}
                >
                  {formatTimeAgo(article.updatedAt)}
                </time>
              </span>
            </>
          )}
          {member && (
            <>
              <span aria-hidden="true"> · </span>
              <Link to={`/breakthrough/${article.articleId}/history`}>History</Link>
            </>
          )}
        </p>
        <ArticleFacts article={article} />
      </header>
      <MarkdownView html={article.contentHtml} />
      <div className={styles.like}>
        <LikeButton article={article} />
      </div>
      <CommentsSection articleId={article.articleId} />
      <GoToBlogCard blogId={article.blogId} blogName={article.blogName} />
    </article>
  );
}
