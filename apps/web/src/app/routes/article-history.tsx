import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { articleQuery } from '../../features/articles/api/article';
import { ArticleHistory, HistoryNotFound } from '../../features/history/components/article-history';
import { isValidId } from '../../lib/format';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /breakthrough/{articleId}/history: members of the blog see its revisions (others: not found). */
export function ArticleHistoryPage() {
  useDocumentTitle('History');
  const articleId = Number(useParams().articleId);
  const valid = isValidId(articleId);
  const article = useQuery({ ...articleQuery(articleId), enabled: valid });
  return (
    <main className="page">
      <title>History · Repolog</title>
      <div className={`container ${styles.column}`}>
        {!valid || article.isError ? (
          <HistoryNotFound />
        ) : article.isPending ? (
          <p role="status">Loading the history…</p>
        ) : (
          <ArticleHistory key={articleId} article={article.data} />
        )}
      </div>
    </main>
  );
}
