import type { ArticleListItem } from '@repolog/contract/articles';
import { Link } from 'react-router';
import { useFormatDate } from '../../../lib/use-format-date';
import styles from './article-list.module.css';

/** Breakthroughs as rows: title, then 'createdAt | blogName' (spec §2). */
export function ArticleList({ items }: { items: ArticleListItem[] }) {
  const formatDate = useFormatDate();
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.articleId}>
          <Link to={`/breakthrough/${item.articleId}`} className={styles.item}>
            <span className={`${styles.title} clamp-2`}>{item.title}</span>{' '}
            <span className={styles.meta}>
              {formatDate(item.createdAt)} | {item.blogName}
            </span>{' '}
            {item.about && <span className={styles.lang}>{item.about}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Rows of the same height as ArticleList, shown while a page loads. */
export function ArticleListSkeleton({ rows }: { rows: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index}>
          <div className={`${styles.item} ${styles.skeleton}`}>
            <span className={styles.barTitle} />
            <span className={styles.barMeta} />
          </div>
        </li>
      ))}
    </ul>
  );
}
