import type { Article } from '@repolog/contract/articles';
import { useId } from 'react';
import { i18n, useMessages } from '../../../i18n';
import { useLike } from '../hooks/use-like';
import styles from './like-button.module.css';

export const LIKE_TIP = 'If you liked this breakthrough, please give it a heart!';

const messages = i18n('likeButton', {
  like: 'Like ',
  tip: LIKE_TIP,
});

/** The heart with its count and hover tip (spec §2, §4). */
export function LikeButton({
  article,
  personal,
}: {
  article: Pick<Article, 'articleId' | 'likeButton' | 'likeCount'>;
  /** The article's likeButton/likeCount are the signed-in reader's own (see useLike). */
  personal?: boolean;
}) {
  const t = useMessages(messages);
  const { liked, count, pending, ready, toggle } = useLike(article, personal);
  const tipId = useId();
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={`${styles.heart} ${liked ? styles.liked : ''}`}
        aria-pressed={liked}
        aria-describedby={tipId}
        aria-busy={pending}
        disabled={!ready}
        onClick={toggle}
      >
        {/* The name starts with the visible count's action, and holds the count itself. */}
        <span className="visually-hidden">{t.like}</span>
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z"
            fill={liked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.count} data-testid="like-count">
          {count}
        </span>
      </button>
      <span role="tooltip" id={tipId} className={styles.tip}>
        {t.tip}
      </span>
    </div>
  );
}
