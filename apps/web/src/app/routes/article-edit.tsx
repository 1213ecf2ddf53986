import { useParams } from 'react-router';
import { EditArticle } from '../../features/editor/components/edit-article';
import { i18n, useMessages } from '../../i18n';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('articleEditPage', {
  title: 'Edit breakthrough',
  loadFailed: 'Failed to fetch article data',
});

/** /breakthrough/{articleId}/edit: the author changes a breakthrough. */
export function ArticleEditPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const articleId = Number(useParams().articleId);
  return (
    <main className="page">
      <title>{`${t.title} · Repolog`}</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>{t.title}</h1>
        {Number.isInteger(articleId) && articleId > 0 ? (
          <EditArticle key={articleId} articleId={articleId} />
        ) : (
          <p role="alert">{t.loadFailed}</p>
        )}
      </div>
    </main>
  );
}
