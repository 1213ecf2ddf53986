import { useQuery } from '@tanstack/react-query';
import { i18n, useMessages } from '../../../i18n';
import { auditQuery } from '../api/safety';
import styles from './safety.module.css';

const messages = i18n('auditLog', {
  heading: 'Audit log',
  empty: 'No actions yet.',
  when: 'When',
  who: 'Moderator',
  what: 'Action',
  target: 'Target',
  why: 'Reason',
  until: 'until',
});

/** Every moderator action, newest first: who, what, when and why. */
export function AuditLog() {
  const t = useMessages(messages);
  const { data } = useQuery(auditQuery());
  if (!data) return null;
  return (
    <section aria-labelledby="audit-log">
      <h2 id="audit-log">{t.heading}</h2>
      {data.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.when}</th>
              <th scope="col">{t.who}</th>
              <th scope="col">{t.what}</th>
              <th scope="col">{t.target}</th>
              <th scope="col">{t.why}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.date.slice(0, 16).replace('T', ' ')}</td>
                <td>{entry.moderator}</td>
                <td>
                  {entry.action}
                  {entry.until && ` (${t.until} ${entry.until.slice(0, 10)})`}
                </td>
                <td>
                  {entry.targetType} #{entry.targetId}
                </td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
