import { i18n, useMessages } from '../../../i18n';
import styles from './form-skeleton.module.css';

const messages = i18n('formSkeleton', { loading: 'Loading…' });

/** Holds the form's place while its data loads, so nothing jumps when it arrives. */
export function FormSkeleton() {
  const t = useMessages(messages);
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t.loading}
      </span>
      {[44, 150, 44, 90].map((height, index) => (
        <div key={index} className={styles.block}>
          <span className={styles.label} />
          <span className={styles.box} style={{ height }} />
        </div>
      ))}
    </div>
  );
}
