import { AuditLog } from '../../features/safety/components/audit-log';
import { ReportQueue } from '../../features/safety/components/report-queue';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('adminPage', { title: 'Moderation' });

/** /admin: the moderators' queue of open reports and their audit log. */
export function AdminPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className="container">
        <h1>{t.title}</h1>
        <ReportQueue />
        <AuditLog />
      </div>
    </main>
  );
}
