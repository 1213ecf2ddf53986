import { count, i18n, useMessages } from '../../i18n';
import styles from './list-counts.module.css';

const messages = i18n('listCounts', {
  likes: count({ one: '{count} like', other: '{count} likes' }),
  comments: count({ one: '{count} comment', other: '{count} comments' }),
});

/**
 * A breakthrough's likes and comments on a list card: an icon (drawn by the stylesheet) and the
 * number on screen, read out as "12 likes 3 comments".
 */
export function ListCounts({ likes, comments }: { likes: number; comments: number }) {
  const t = useMessages(messages);
  return (
    <span className={styles.counts}>
      <span className={`${styles.count} ${styles.likes}`}>
        <span aria-hidden="true">{likes}</span>
        <span className="visually-hidden">{t.likes(likes)}</span>
      </span>{' '}
      <span className={`${styles.count} ${styles.comments}`}>
        <span aria-hidden="true">{comments}</span>
        <span className="visually-hidden">{t.comments(comments)}</span>
      </span>
    </span>
  );
}
