import styles from './list-counts.module.css';

const counted = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/**
 * A breakthrough's likes and comments on a list card: an icon (drawn by the stylesheet) and the
 * number on screen, read out as "12 likes 3 comments".
 */
export function ListCounts({ likes, comments }: { likes: number; comments: number }) {
  return (
    <span className={styles.counts}>
      <span className={`${styles.count} ${styles.likes}`}>
        <span aria-hidden="true">{likes}</span>
        <span className="visually-hidden">{counted(likes, 'like')}</span>
      </span>{' '}
      <span className={`${styles.count} ${styles.comments}`}>
        <span aria-hidden="true">{comments}</span>
        <span className="visually-hidden">{counted(comments, 'comment')}</span>
      </span>
    </span>
  );
}
