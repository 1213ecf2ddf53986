import { useParams } from 'react-router';
import { WriteArticle } from '../../features/editor/components/write-article';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /blog/{blogId}/breakthrough/write: a member posts a breakthrough. */
export function ArticleWritePage() {
  useDocumentTitle('Write a breakthrough');
  const blogId = Number(useParams().blogId);
  return (
    <main className="page">
      <title>Write a breakthrough · Repolog</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>Write a breakthrough</h1>
        {Number.isInteger(blogId) && blogId > 0 ? (
          <WriteArticle key={blogId} blogId={blogId} />
        ) : (
          <p role="alert">Error: There is no blog at this address.</p>
        )}
      </div>
    </main>
  );
}
