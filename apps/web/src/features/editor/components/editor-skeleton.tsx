import { i18n, useMessages } from '../../../i18n';
import styles from './editor-skeleton.module.css';

const messages = i18n('editorSkeleton', { loading: 'Loading…' });

/** Holds the editor's place while the article or blog loads. */
export function EditorSkeleton() {
  const t = useMessages(messages);
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t.loading}
      </span>
      <span className={styles.title} />
      <div className={styles.row}>
        <span className={styles.box} />
        <span className={styles.box} />
        <span className={styles.box} />
      </div>
      <span className={styles.body} />
    </div>
  );
}
