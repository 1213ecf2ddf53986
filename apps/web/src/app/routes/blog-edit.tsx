import { useParams } from 'react-router';
import { EditBlog } from '../../features/workspace/components/edit-blog';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /blog/{blogId}/edit: members change the blog's name, description and contributors. */
export function BlogEditPage() {
  useDocumentTitle('Edit blog');
  const blogId = Number(useParams().blogId);
  return (
    <main className="page">
      <title>Edit blog · Repolog</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>Edit blog</h1>
        {Number.isInteger(blogId) && blogId > 0 ? (
          <EditBlog key={blogId} blogId={blogId} />
        ) : (
          <p role="alert">Error: There is no blog at this address.</p>
        )}
      </div>
    </main>
  );
}
