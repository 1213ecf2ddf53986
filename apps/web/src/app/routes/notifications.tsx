import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTICE_PAGE_SIZE } from '@repolog/contract/constants';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { useSession } from '../../lib/use-session';
import {
  noticesQuery,
  unreadCountQuery,
  useMarkAllNoticesViewed,
} from '../../features/notifications/api/notices';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { i18n, useMessages } from '../../i18n';
import styles from './notifications.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('notificationsPage', {
  title: 'Notifications',
  heading: 'All Notifications',
  loginHint: 'Log in to see the notifications about your blogs and breakthroughs.',
  login: 'Login',
  markAll: 'Mark all as read',
  markedAll: 'All notifications are marked as read.',
  empty: 'No notifications yet.',
  pages: 'Notification pages',
});

/** /notification: 'All Notifications', 10 per page, newest first (spec §2). */
export function NotificationsPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const session = useSession();
  return (
    <main className="page">
      <div className={`container ${styles.wrap}`}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t.heading}</h1>
          {session.status === 'in' && <MarkAllViewed />}
        </div>
        {session.status === 'in' && <AllNotifications />}
        {session.status === 'out' && (
          <div className={styles.hint}>
            <p>{t.loginHint}</p>
            <ButtonLink to="/login">{t.login}</ButtonLink>
          </div>
        )}
        {session.status === 'unknown' && <div className={styles.placeholder} aria-busy="true" />}
      </div>
    </main>
  );
}

/**
 * 'Mark all as read'. It stays in place (unavailable while nothing is unread), so neither the
 * list nor keyboard focus moves when it has done its job; the result is announced.
 */
function MarkAllViewed() {
  const t = useMessages(messages);
  const { data } = useQuery(unreadCountQuery);
  const markAll = useMarkAllNoticesViewed();
  const unavailable = !data || data.unreadCount === 0 || markAll.isPending;
  return (
    <>
      <Button
        variant="secondary"
        aria-disabled={unavailable}
        onClick={() => {
          if (!unavailable) markAll.mutate();
        }}
      >
        {t.markAll}
      </Button>
      <p role="status" className="visually-hidden">
        {markAll.isSuccess ? t.markedAll : ''}
      </p>
    </>
  );
}

function AllNotifications() {
  const t = useMessages(messages);
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const { data, isPending, error } = useQuery(noticesQuery(page, NOTICE_PAGE_SIZE));
  const totalPages = data ? Math.ceil(data.total / NOTICE_PAGE_SIZE) : 0;

  useEffect(() => {
    // Spec §8: a failed notification call is only logged.
    if (error) console.error('loading the notifications failed', error);
  }, [error]);

  useEffect(() => {
    // A page past the end (the list shrank, or a hand-typed URL): show the last one.
    if (totalPages > 0 && page > totalPages) {
      setParams(totalPages === 1 ? {} : { page: String(totalPages) }, { replace: true });
    }
  }, [page, totalPages, setParams]);

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo(0, 0);
  };

  if (isPending) return <div className={styles.placeholder} aria-busy="true" />;
  if (error) return <p className={styles.empty}>{t.empty}</p>;
  return (
    <>
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <div className={styles.card}>
          <NotificationList items={data.items} variant="page" />
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={goTo} label={t.pages} />
    </>
  );
}
