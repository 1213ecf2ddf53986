import type { ArticleListItem } from '@repolog/contract/articles';
import { Link } from 'react-router';
import { ListCounts } from './ui/list-counts';
import { TimeAgo } from './ui/time-ago';
import styles from './article-list.module.css';

/**
 * Breakthroughs as rows: title, then 'createdAt | blogName' (spec §2) with the time as "3 hours
 * ago" (the exact time on hover) and its tags, its language, and its likes and comments.
 */
export function ArticleList({ items }: { items: ArticleListItem[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.articleId}>
          <Link to={`/breakthrough/${item.articleId}`} className={styles.item}>
            <span className={`${styles.title} clamp-2`}>{item.title}</span>{' '}
            <span className={styles.meta}>
              <TimeAgo iso={item.createdAt} /> | {item.blogName}
              {item.tags.length > 0 && (
                <span className={styles.tags}>
                  {' '}
                  · {item.tags.map((tag) => `#${tag}`).join(' ')}
                </span>
              )}
            </span>{' '}
            {item.about && <span className={styles.lang}>{item.about}</span>}{' '}
            <span className={styles.counts}>
              <ListCounts likes={item.likeCount} comments={item.commentCount} />
            </span>
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
