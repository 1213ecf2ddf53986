import { BlockedUsersSettings } from '../../features/safety/components/blocked-users-settings';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('settingsPage', { title: 'Settings' });

/** /settings: the reader's own settings, a section per area. */
export function SettingsPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className="container">
        <h1>{t.title}</h1>
        <BlockedUsersSettings />
      </div>
    </main>
  );
}
