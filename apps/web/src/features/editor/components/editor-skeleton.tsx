import styles from './editor-skeleton.module.css';

/** Holds the editor's place while the article or blog loads. */
export function EditorSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading…
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
