import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { articleQuery } from '../../lib/article-record';
import { ArticleHistory, HistoryNotFound } from '../../features/history/components/article-history';
import { i18n, useMessages } from '../../i18n';
import { isValidId } from '../../lib/format';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('articleHistoryPage', {
  title: 'History',
  loading: 'Loading the history…',
});

/** /breakthrough/{articleId}/history: members of the blog see its revisions (others: not found). */
export function ArticleHistoryPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const articleId = Number(useParams().articleId);
  const valid = isValidId(articleId);
  const article = useQuery({ ...articleQuery(articleId), enabled: valid });
  return (
    <main className="page">
      <title>{`${t.title} · Repolog`}</title>
      <div className={`container ${styles.column}`}>
        {!valid || article.isError ? (
          <HistoryNotFound />
        ) : article.isPending ? (
          <p role="status">{t.loading}</p>
        ) : (
          <ArticleHistory key={articleId} article={article.data} />
        )}
      </div>
    </main>
  );
}
