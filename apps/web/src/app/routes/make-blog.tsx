import { CreateBlog } from '../../features/workspace/components/create-blog';
import { i18n, useMessages } from '../../i18n';
import styles from './form-page.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('makeBlogPage', {
  title: 'Create a blog',
  heading: 'Create a new tech blog',
});

/** /workspace/makeblog: turn one of your GitHub repositories into a team tech blog. */
export function MakeBlogPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <title>{`${t.heading} · Repolog`}</title>
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>{t.heading}</h1>
        <CreateBlog />
      </div>
    </main>
  );
}
