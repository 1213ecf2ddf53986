import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ProfilePanel } from '../../features/auth/components/profile-panel';
import { unreadCountQuery } from '../../features/notifications/api/notices';
import { NotificationPanel } from '../../features/notifications/components/notification-panel';
import { useNoticeStream } from '../../features/notifications/hooks/use-notice-stream';
import { i18n, params, useMessages } from '../../i18n';
import styles from './header-menus.module.css';

const messages = i18n('headerMenus', {
  notifications: 'Notifications',
  notificationsUnread: params('Notifications, {unread} unread'),
  profile: 'Profile',
});

type OpenPanel = 'none' | 'notifications' | 'profile';

/**
 * The signed-in part of the top bar: the bell with its unread badge and the profile icon.
 * One panel at a time; a click outside, Escape or a route change closes it (spec §2).
 */
export function HeaderMenus({ userName }: { userName: string }) {
  const t = useMessages(messages);
  const [open, setOpen] = useState<OpenPanel>('none');
  const wrapper = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const profile = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { data: count } = useQuery(unreadCountQuery);
  useNoticeStream();

  // A route change closes the open panel, unless it was opened on the new address already: the
  // browser's address changes when a navigation starts, the rendered route when its page is
  // ready, and a panel opened in between belongs to the page that comes.
  const [openedOn, setOpenedOn] = useState('');
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (openedOn !== pathname) setOpen('none');
  }

  useEffect(() => {
    if (open === 'none') return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || wrapper.current?.contains(target) || target.closest('[role="dialog"]')) return;
      setOpen('none');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen('none');
      // Back to the button that opened the panel, so the keyboard goes on from there.
      (open === 'notifications' ? bell : profile).current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = (panel: Exclude<OpenPanel, 'none'>) => {
    setOpenedOn(window.location.pathname);
    setOpen((current) => (current === panel ? 'none' : panel));
  };
  const unread = count?.unreadCount ?? 0;

  return (
    <div className={styles.wrapper} ref={wrapper}>
      <button
        ref={bell}
        type="button"
        className={styles.iconButton}
        aria-label={unread > 0 ? t.notificationsUnread({ unread }) : t.notifications}
        aria-expanded={open === 'notifications'}
        aria-controls="notification-panel"
        onClick={() => toggle('notifications')}
      >
        <svg
          className={styles.icon}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {open !== 'notifications' && unread > 0 && (
          <span className={styles.badge} data-testid="unread-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {/* Right after its button: Tab from the bell goes into the panel first. */}
      {open === 'notifications' && (
        <NotificationPanel id="notification-panel" onNavigate={() => setOpen('none')} />
      )}
      <button
        ref={profile}
        type="button"
        className={styles.iconButton}
        aria-label={t.profile}
        aria-expanded={open === 'profile'}
        aria-controls="profile-panel"
        onClick={() => toggle('profile')}
      >
        <svg
          className={styles.icon}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
      </button>
      {open === 'profile' && <ProfilePanel id="profile-panel" userName={userName} />}
    </div>
  );
}
