import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { i18n, useMessages } from '../../../i18n';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { deleteAccount, logout } from '../api/logout';
import styles from './profile-panel.module.css';

const messages = i18n('profilePanel', {
  profile: 'Profile',
  hello: 'Hello,',
  language: 'Language',
  settings: 'Settings',
  logout: 'Logout',
  deleteAccount: 'Account Delete',
  confirmTitle: 'Are you sure you want to delete your account?',
  confirmBody: 'When you delete your account, all account information will be deleted.',
  confirmCancel: 'No, I want to use this account.',
  confirmDelete: 'Yes, I want to delete this account.',
});

/** Greeting, name, the interface's language, Logout and Account Delete (spec §2, profile panel). */
export function ProfilePanel({ userName, id }: { userName: string; id: string }) {
  const t = useMessages(messages);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  return (
    <div className={styles.panel} id={id} role="region" aria-label={t.profile}>
      <p className={styles.greeting}>{t.hello}</p>
      <p className={styles.name}>
        <Link to={`/user/${userName}`}>{userName}</Link>
      </p>
      <div className={styles.language}>
        {/* The sighted reader's label; screen readers hear the same name on the group itself. */}
        <span className={styles.languageLabel} aria-hidden="true">
          {t.language}
        </span>
        <LanguageSwitch className={styles.languages} />
      </div>
      <div className={styles.actions}>
        {/* Email, blocked people: the reader's own settings (beside the spec's two actions). */}
        <Link to="/settings" className={styles.action}>
          {t.settings}
        </Link>
        <button type="button" className={styles.action} onClick={() => void logout()}>
          {t.logout}
        </button>
        <button
          type="button"
          className={`${styles.action} ${styles.danger}`}
          onClick={() => setConfirming(true)}
        >
          {t.deleteAccount}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t.confirmTitle}
          body={t.confirmBody}
          cancelLabel={t.confirmCancel}
          confirmLabel={t.confirmDelete}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setBusy(true);
            void deleteAccount().finally(() => {
              setBusy(false);
              setConfirming(false);
            });
          }}
        />
      )}
    </div>
  );
}
