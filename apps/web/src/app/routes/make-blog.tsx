import { CreateBlog } from '../../features/workspace/components/create-blog';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /workspace/makeblog: turn one of your GitHub repositories into a team tech blog. */
export function MakeBlogPage() {
  useDocumentTitle('Create a blog');
  return (
    <main className="page">
      <title>Create a new tech blog · Repolog</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>Create a new tech blog</h1>
        <CreateBlog />
      </div>
    </main>
  );
}
