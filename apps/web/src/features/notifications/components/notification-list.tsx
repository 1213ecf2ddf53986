import type { Notice } from '@repolog/contract/notifications';
import { useNavigate } from 'react-router';
import { formatRelative } from '../../../lib/format';
import { useMarkNoticeViewed } from '../api/notices';
import { noticeMessage, noticeTarget } from '../lib/notice-message';
import styles from './notification-list.module.css';

/** Notifications as buttons: unread ones stand out; a click marks viewed and opens the target. */
export function NotificationList({ items, onOpen }: { items: Notice[]; onOpen?: () => void }) {
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
    <ul className={styles.list}>
      {items.map((notice) => (
        <li key={notice.noticeId}>
          <button
            type="button"
            className={`${styles.item} ${notice.isViewed ? '' : styles.unread}`}
            data-viewed={notice.isViewed}
            onClick={() => open(notice)}
          >
            <span className={styles.message}>{noticeMessage(notice)}</span>
            {!notice.isViewed && <span className="visually-hidden"> (unread)</span>}
            <time className={styles.time} dateTime={notice.time}>
              {formatRelative(notice.time)}
            </time>
          </button>
        </li>
      ))}
    </ul>
  );
}
