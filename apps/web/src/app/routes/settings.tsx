import { lazy, Suspense } from 'react';
import { BlockedUsersSettings } from '../../features/safety/components/blocked-users-settings';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('settingsPage', { title: 'Settings' });

// The email section loads as its own chunk.
const EmailSettings = lazy(async () => ({
  default: (await import('../../features/email/components/email-settings')).EmailSettings,
}));

/** /settings: the reader's own settings, a section per area. */
export function SettingsPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className="container">
        <h1>{t.title}</h1>
        <Suspense fallback={<div aria-busy="true" />}>
          <EmailSettings />
        </Suspense>
        <BlockedUsersSettings />
      </div>
    </main>
  );
}
