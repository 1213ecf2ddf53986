import { useParams } from 'react-router';
import { EditBlog } from '../../features/workspace/components/edit-blog';
import { i18n, useMessages } from '../../i18n';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('blogEditPage', {
  title: 'Edit blog',
  noBlog: 'Error: There is no blog at this address.',
});

/** /blog/{blogId}/edit: members change the blog's name, description and contributors. */
export function BlogEditPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const blogId = Number(useParams().blogId);
  return (
    <main className="page">
      <title>{`${t.title} · Repolog`}</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>{t.title}</h1>
        {Number.isInteger(blogId) && blogId > 0 ? (
          <EditBlog key={blogId} blogId={blogId} />
        ) : (
          <p role="alert">{t.noBlog}</p>
        )}
      </div>
    </main>
  );
}
