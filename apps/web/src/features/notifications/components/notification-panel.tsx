import { useQuery } from '@tanstack/react-query';
import { PANEL_SIZE } from '@repolog/contract/constants';
import { Link } from 'react-router';
import { noticesQuery, unreadCountQuery } from '../api/notices';
import { NotificationList } from './notification-list';
import styles from './notification-panel.module.css';

/** The bell's panel (spec §2): heading by unread count, the 4 newest, 'Read more' past 4. */
export function NotificationPanel({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const { data: count } = useQuery(unreadCountQuery);
  const { data: page, isPending } = useQuery(noticesQuery(1, PANEL_SIZE));
  const unread = count?.unreadCount ?? 0;

  return (
    <div className={styles.panel} id={id} role="region" aria-label="Notifications">
      <h2 className={styles.heading}>
        {unread > 0 ? 'new notifications' : 'No new notifications'}
      </h2>
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
          Read more
        </Link>
      )}
    </div>
  );
}
