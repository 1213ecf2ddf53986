import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { deleteAccount, logout } from '../api/logout';
import styles from './profile-panel.module.css';

/** Greeting, name, Logout and Account Delete (spec §2, profile panel). */
export function ProfilePanel({ userName, id }: { userName: string; id: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  return (
    <div className={styles.panel} id={id} role="region" aria-label="Profile">
      <p className={styles.greeting}>Hello,</p>
      <p className={styles.name}>
        <Link to={`/user/${userName}`}>{userName}</Link>
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => void logout()}>
          Logout
        </button>
        <button
          type="button"
          className={`${styles.action} ${styles.danger}`}
          onClick={() => setConfirming(true)}
        >
          Account Delete
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Are you sure you want to delete your account?"
          body="When you delete your account, all account information will be deleted."
          cancelLabel="No, I want to use this account."
          confirmLabel="Yes, I want to delete this account."
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
