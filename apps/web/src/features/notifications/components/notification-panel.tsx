import { useQuery } from '@tanstack/react-query';
import { PANEL_SIZE } from '@repolog/contract/constants';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../../i18n';
import { noticesQuery, unreadCountQuery } from '../api/notices';
import { NotificationList } from './notification-list';
import styles from './notification-panel.module.css';

const messages = i18n('notificationPanel', {
  label: 'Notifications',
  unread: 'new notifications',
  none: 'No new notifications',
  more: 'Read more',
});

/** The bell's panel (spec §2): heading by unread count, the 4 newest, 'Read more' past 4. */
export function NotificationPanel({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const t = useMessages(messages);
  const { data: count } = useQuery(unreadCountQuery);
  const { data: page, isPending } = useQuery(noticesQuery(1, PANEL_SIZE));
  const unread = count?.unreadCount ?? 0;

  return (
    <div className={styles.panel} id={id} role="region" aria-label={t.label}>
      <h2 className={styles.heading}>{unread > 0 ? t.unread : t.none}</h2>
      {isPending && <div className={styles.placeholder} aria-busy="true" />}
      {page && (
        <NotificationList
          items={page.items.slice(0, PANEL_SIZE)}
          onOpen={onNavigate}
          variant="panel"
        />
      )}
      {page && page.total > PANEL_SIZE && (
        <Link to="/notification" className={styles.more} onClick={onNavigate}>
          {t.more}
        </Link>
      )}
    </div>
  );
}
