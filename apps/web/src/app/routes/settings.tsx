import { lazy, Suspense } from 'react';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './form-page.module.css';

const messages = i18n('settingsPage', { title: 'Settings', heading: 'Settings' });

// Each section is its own component (and chunk), so more sections join without touching this one.
const EmailSettings = lazy(async () => ({
  default: (await import('../../features/email/components/email-settings')).EmailSettings,
}));

/** /settings: the signed-in person's own settings. */
export function SettingsPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className={`container ${styles.column}`}>
        <h1 className={styles.heading}>{t.heading}</h1>
        <Suspense fallback={<div aria-busy="true" />}>
          <EmailSettings />
        </Suspense>
      </div>
    </main>
  );
}
