import { i18n, useMessages } from '../../../i18n';
import styles from './article-view.module.css';

const messages = i18n('articleSkeleton', {
  loading: 'Loading the breakthrough…',
});

/** The article page's shape while it loads, so nothing jumps when the text arrives. */
export function ArticleSkeleton() {
  const t = useMessages(messages);
  return (
    <div className={styles.article} aria-busy="true">
      <p role="status" className="visually-hidden">
        {t.loading}
      </p>
      <div aria-hidden="true">
        <div className={`${styles.bar} ${styles.barTitle}`} />
        <div className={`${styles.bar} ${styles.barMeta}`} />
        <div className={`${styles.facts} ${styles.factsSkeleton}`} />
        <BodySkeleton />
      </div>
    </div>
  );
}

/** Lines standing in for the markdown body (also while its renderer loads). */
export function BodySkeleton() {
  return (
    <div className={styles.bodySkeleton} aria-hidden="true">
      {[92, 100, 84, 96, 70, 100, 88, 60].map((width, index) => (
        <div
          key={index}
          className={`${styles.bar} ${styles.barLine}`}
          style={{ width: `${width}%` }}
        />
      ))}
    </div>
  );
}
