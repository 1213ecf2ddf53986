import type { Notice } from '@repolog/contract/notifications';
import { useNavigate } from 'react-router';
import { formatRelative } from '../../../lib/time-ago';
import { useMarkNoticeViewed } from '../api/notices';
import { noticeMessage, noticeTarget } from '../lib/notice-message';
import styles from './notification-list.module.css';

interface NotificationListProps {
  items: Notice[];
  /** Called before navigating to a notification's page (the panel closes itself). */
  onOpen?: () => void;
  /** The bell's panel or the /notification page. */
  variant?: 'panel' | 'page';
}

/**
 * Notifications as buttons, newest first: unread ones stand out, viewed ones are dimmed. A
 * click marks an unread one viewed (the badge drops by one) and opens its blog or article.
 */
export function NotificationList({ items, onOpen, variant = 'panel' }: NotificationListProps) {
  const navigate = useNavigate();
  const markViewed = useMarkNoticeViewed();

  const open = (notice: Notice) => {
    if (!notice.isViewed) markViewed.mutate(notice.noticeId);
    const target = noticeTarget(notice);
    if (target) {
      onOpen?.();
      void navigate(target);
    }
  };

  return (
    <ul className={`${styles.list} ${variant === 'page' ? styles.pageList : ''}`}>
      {items.map((notice) => (
        <li key={notice.noticeId}>
          <button
            type="button"
            className={`${styles.item} ${notice.isViewed ? styles.viewed : styles.unread}`}
            data-viewed={notice.isViewed}
            onClick={() => open(notice)}
          >
            <span className={styles.message}>{noticeMessage(notice)}</span>
            {!notice.isViewed && <span className="visually-hidden"> (unread)</span>}
            <time
              className={styles.time}
              dateTime={notice.time}
              title={new Date(notice.time).toLocaleString()}
            >
              {formatRelative(notice.time)}
            </time>
          </button>
        </li>
      ))}
    </ul>
  );
}
