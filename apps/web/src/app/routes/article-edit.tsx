import { useParams } from 'react-router';
import { EditArticle } from '../../features/editor/components/edit-article';
import { LOAD_FAILED_ERROR } from '../../features/editor/lib/article-form-rules';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /breakthrough/{articleId}/edit: the author changes a breakthrough. */
export function ArticleEditPage() {
  useDocumentTitle('Edit breakthrough');
  const articleId = Number(useParams().articleId);
  return (
    <main className="page">
      <title>Edit breakthrough · Repolog</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>Edit breakthrough</h1>
        {Number.isInteger(articleId) && articleId > 0 ? (
          <EditArticle key={articleId} articleId={articleId} />
        ) : (
          <p role="alert">{LOAD_FAILED_ERROR}</p>
        )}
      </div>
    </main>
  );
}
