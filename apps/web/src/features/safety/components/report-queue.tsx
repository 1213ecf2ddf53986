import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ModerationAction } from '@repolog/contract/constants';
import type { ReportGroup } from '@repolog/contract/safety';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { i18n, params, useMessages } from '../../../i18n';
import type { ApiError } from '../../../lib/api-client';
import { reportQueueQuery, useModerationAction } from '../api/safety';
import styles from './safety.module.css';

const messages = i18n('reportQueue', {
  heading: 'Open reports',
  empty: 'No open reports.',
  loading: 'Loading…',
  forbidden: 'Only moderators can see this page.',
  failed: 'The reports could not be loaded.',
  article: 'Breakthrough',
  comment: 'Comment',
  user: 'User',
  hiddenNow: 'Hidden',
  open: 'Open',
  author: 'Author',
  gone: 'The account no longer exists.',
  history: params(
    'GitHub account since {created} · joined {joined} · {posts} breakthroughs · {comments} comments · {actions} earlier actions',
  ),
  unknown: 'unknown',
  suspended: 'Suspended',
  limited: 'Limited: new, or no public activity on GitHub',
  reports: 'Reports',
  reason: 'Reason for the action',
  hide: 'Hide',
  restore: 'Restore',
  delete: 'Delete',
  dismiss: 'Dismiss reports',
  suspendWeek: 'Suspend for 7 days',
  suspendForGood: 'Suspend for good',
  unsuspend: 'Lift suspension',
  spam: 'Spam',
  harassment: 'Harassment or abuse',
  'off-topic': 'Off-topic',
  illegal: 'Illegal or private information',
  other: 'Other',
});

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** The moderators' queue: each reported target with its content, its author and the reports. */
export function ReportQueue() {
  const t = useMessages(messages);
  const { data, error } = useQuery(reportQueueQuery());
  if (error) {
    return <p role="alert">{(error as ApiError).status === 403 ? t.forbidden : t.failed}</p>;
  }
  if (!data) return <p role="status">{t.loading}</p>;
  return (
    <section aria-labelledby="report-queue">
      <h2 id="report-queue">{t.heading}</h2>
      {data.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className={styles.cards}>
          {data.map((group) => (
            <ReportCard key={`${group.targetType}:${group.targetId}`} group={group} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportCard({ group }: { group: ReportGroup }) {
  const t = useMessages(messages);
  const id = useId();
  const [reason, setReason] = useState('');
  const action = useModerationAction();
  const { content, author } = group;
  const run = (what: ModerationAction, target = group, until?: string) =>
    action.mutate({
      action: what,
      targetType: target.targetType,
      targetId: target.targetId,
      reason,
      ...(until ? { until } : {}),
    });
  const suspend = (what: ModerationAction, until?: string) => {
    if (!author) return;
    action.mutate({
      action: what,
      targetType: 'user',
      targetId: author.userId,
      reason,
      ...(until ? { until } : {}),
    });
  };
  const week = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
  const isContent = group.targetType !== 'user';
  return (
    <li className={styles.card}>
      <h3>
        {t[group.targetType]} #{group.targetId}
        {content.hidden && <span className={styles.badge}>{t.hiddenNow}</span>}
      </h3>
      {content.title && <p className={styles.title}>{content.title}</p>}
      {content.text && <blockquote className={styles.quote}>{content.text}</blockquote>}
      {content.path && <Link to={content.path}>{t.open}</Link>}
      <h4>{t.author}</h4>
      {author ? (
        <p>
          <Link to={`/user/${author.login}`}>{author.login}</Link>
          {author.suspended && <span className={styles.badge}>{t.suspended}</span>}
          {author.limited && <span className={styles.badge}>{t.limited}</span>}
          <br />
          {t.history({
            created: day(author.githubCreatedAt) ?? t.unknown,
            joined: day(author.joinedAt) ?? t.unknown,
            posts: author.breakthroughs,
            comments: author.comments,
            actions: author.earlierActions,
          })}
        </p>
      ) : (
        <p>{t.gone}</p>
      )}
      <h4>{t.reports}</h4>
      <ul className={styles.reports}>
        {group.reports.map((report) => (
          <li key={report.reportId}>
            <strong>{t[report.reason]}</strong> — {report.reporter}, {day(report.date)}
            {report.text && <q>{report.text}</q>}
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-reason`} className={styles.label}>
        {t.reason}
      </label>
      <input
        id={`${id}-reason`}
        className={styles.input}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {action.error && (
        <p role="alert" className={styles.error}>
          {action.error.message}
        </p>
      )}
      <div className={styles.actions}>
        {isContent &&
          (content.hidden ? (
            <Button onClick={() => run('restore')} disabled={action.isPending}>
              {t.restore}
            </Button>
          ) : (
            <Button onClick={() => run('hide')} disabled={action.isPending}>
              {t.hide}
            </Button>
          ))}
        {isContent && (
          <Button variant="danger" onClick={() => run('delete')} disabled={action.isPending}>
            {t.delete}
          </Button>
        )}
        <Button variant="secondary" onClick={() => run('dismiss')} disabled={action.isPending}>
          {t.dismiss}
        </Button>
        {author &&
          (author.suspended ? (
            <Button variant="secondary" onClick={() => suspend('unsuspend')}>
              {t.unsuspend}
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => suspend('suspend', week())}>
                {t.suspendWeek}
              </Button>
              <Button variant="danger" onClick={() => suspend('suspend')}>
                {t.suspendForGood}
              </Button>
            </>
          ))}
      </div>
    </li>
  );
}
