import type { Notice } from '@repolog/contract/notifications';
import { Link, useNavigate } from 'react-router';
import { TimeAgo } from '../../../components/ui/time-ago';
import { i18n, useMessages } from '../../../i18n';
import { useMarkNoticeViewed } from '../api/notices';
import { noticeMessage, noticeMessages, noticeParts, noticeTarget } from '../lib/notice-message';
import styles from './notification-list.module.css';

const messages = i18n('notificationList', { unread: ' (unread)' });

interface NotificationListProps {
  items: Notice[];
  /** Called before navigating to a notification's page (the panel closes itself). */
  onOpen?: () => void;
  /** The bell's panel or the /notification page. */
  variant?: 'panel' | 'page';
}

/**
 * Notifications newest first: unread ones stand out, viewed ones are dimmed. The instigator's
 * name links to their profile; a click anywhere else on the row (its button covers the row)
 * marks an unread one viewed (the badge drops by one) and opens its blog or article.
 */
export function NotificationList({ items, onOpen, variant = 'panel' }: NotificationListProps) {
  const t = useMessages(messages);
  const notices = useMessages(noticeMessages);
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
      {items.map((notice) => {
        const { who, spaced, rest } = noticeParts(notice, notices);
        return (
          <li key={notice.noticeId}>
            <div className={`${styles.item} ${notice.isViewed ? styles.viewed : styles.unread}`}>
              <span className={styles.message}>
                <Link to={`/user/${who}`} className={styles.who} onClick={onOpen}>
                  {who}
                </Link>
                {spaced ? ' ' : ''}
                <button
                  type="button"
                  className={styles.open}
                  data-viewed={notice.isViewed}
                  // The whole message names the button, though the name before it is a link.
                  aria-label={`${noticeMessage(notice, notices)}${notice.isViewed ? '' : t.unread}`}
                  onClick={() => open(notice)}
                >
                  {rest}
                </button>
              </span>
              <TimeAgo iso={notice.time} className={styles.time} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
