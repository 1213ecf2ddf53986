import { useParams } from 'react-router';
import { WriteArticle } from '../../features/editor/components/write-article';
import { i18n, useMessages } from '../../i18n';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('articleWritePage', {
  title: 'Write a breakthrough',
  noBlog: 'Error: There is no blog at this address.',
});

/** /blog/{blogId}/breakthrough/write: a member posts a breakthrough. */
export function ArticleWritePage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const blogId = Number(useParams().blogId);
  return (
    <main className="page">
      <title>{`${t.title} · Repolog`}</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>{t.title}</h1>
        {Number.isInteger(blogId) && blogId > 0 ? (
          <WriteArticle key={blogId} blogId={blogId} />
        ) : (
          <p role="alert">{t.noBlog}</p>
        )}
      </div>
    </main>
  );
}
