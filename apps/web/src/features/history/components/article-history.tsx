import { useQuery } from '@tanstack/react-query';
import type { Article } from '@repolog/contract/articles';
import type { RevisionSummary } from '@repolog/contract/revisions';
import { can } from '@repolog/contract/permissions';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { i18n, locale, params, useMessages } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { formatTimeAgo } from '../../../lib/time-ago';
import { useSession } from '../../../lib/use-session';
import { revisionQuery, revisionsQuery, useRestoreRevision } from '../api/revisions';
import { RevisionDiff } from './revision-diff';
import styles from './history.module.css';

export const RESTORE_FAILED = 'Failed to restore the revision.';

// Not 'articleHistory': the route's file (app/routes/article-history.tsx) has that name.
const messages = i18n('articleHistoryView', {
  notFoundTitle: 'Page not found',
  notFound: 'There is nothing at this address.',
  home: 'Go to Home',
  loading: 'Loading the history…',
  error: params('Error: {message}'),
  restoreFailed: RESTORE_FAILED,
  restored: params('The breakthrough is back to revision {number}, saved as a new revision.'),
  heading: 'History',
  ofBefore: 'of ',
  ofAfter: '',
  none: 'This breakthrough has no recorded revisions yet; its first edit starts them.',
  revisions: 'Revisions',
  revision: params('Revision {number}'),
  current: ' (current)',
  by: params('by {login}'),
  restoreLabel: params('Restore revision {number}'),
  restore: 'Restore',
  compare: 'Compare',
  from: 'From',
  to: 'To',
  option: params('Revision {number} · {date} · {login}'),
  loadFailed: 'The revisions could not be loaded.',
  loadingRevisions: 'Loading the revisions…',
  confirmTitle: params('Restore revision {number}?'),
  confirmBody:
    'The breakthrough will say again what it said then. This is saved as a new revision, so nothing is lost.',
  yes: 'Yes',
  no: 'No',
});

/** What the last restore came to, said once above the list. */
interface Outcome {
  ok: boolean;
  text: string;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(locale.get(), { dateStyle: 'medium', timeStyle: 'short' });

const revisionLabel = (revision: RevisionSummary) =>
  messages.get().option({
    number: revision.number,
    date: when(revision.createdAt),
    login: revision.userName,
  });

/** Shown to everyone who is not a member of the blog, whether or not the history exists. */
export function HistoryNotFound() {
  const t = useMessages(messages);
  return (
    <>
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFound}</p>
      <p>
        <Link to="/home">{t.home}</Link>
      </p>
    </>
  );
}

/**
 * /breakthrough/{articleId}/history, for the members of its blog: every revision, what changed
 * between any two, and (for whoever may edit) restoring an older one as a new revision.
 */
export function ArticleHistory({ article }: { article: Article }) {
  const t = useMessages(messages);
  const session = useSession();
  // Lives above the list: a restore adds a revision, and the list starts afresh from it.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const signedIn = session.status === 'in';
  const list = useQuery({ ...revisionsQuery(article.articleId), enabled: signedIn });
  if (session.status === 'unknown' || (signedIn && list.isPending)) {
    return <p role="status">{t.loading}</p>;
  }
  if (!signedIn || (list.isError && list.error instanceof ApiError && list.error.status === 404)) {
    return <HistoryNotFound />;
  }
  if (list.isError) return <p role="alert">{t.error({ message: list.error.message })}</p>;
  if (!list.data) return <p role="status">{t.loading}</p>;
  const actor = { userId: session.userId, userName: session.userName };
  // The edit rule looks at the author only.
  const mayRestore = can(actor, 'article.edit', {
    userId: article.userId,
    blog: { members: [], owner: '' },
  });
  return (
    <LoadedHistory
      key={list.data[0]?.revisionId ?? 0}
      article={article}
      revisions={list.data}
      mayRestore={mayRestore}
      outcome={outcome}
      onOutcome={setOutcome}
    />
  );
}

function LoadedHistory({
  article,
  revisions,
  mayRestore,
  outcome,
  onOutcome: setOutcome,
}: {
  article: Article;
  revisions: RevisionSummary[];
  mayRestore: boolean;
  outcome: Outcome | null;
  onOutcome: (outcome: Outcome) => void;
}) {
  const t = useMessages(messages);
  const fromId = useId();
  const toId = useId();
  const newest = revisions[0];
  const [to, setTo] = useState(newest?.revisionId ?? 0);
  const [from, setFrom] = useState(revisions[1]?.revisionId ?? newest?.revisionId ?? 0);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const restore = useRestoreRevision(article.articleId);
  const fromRevision = useQuery({ ...revisionQuery(article.articleId, from), enabled: from > 0 });
  const toRevision = useQuery({ ...revisionQuery(article.articleId, to), enabled: to > 0 });

  // The list starts afresh (remounting this) once the restore's revision arrives, so the
  // outcome is told through the promise, which settles whatever became of this component.
  const confirmRestore = async () => {
    if (!restoring) return;
    try {
      await restore.mutateAsync(restoring.revisionId);
      setOutcome({ ok: true, text: messages.get().restored({ number: restoring.number }) });
    } catch (error) {
      console.error('restoring the revision failed', error);
      setOutcome({
        ok: false,
        text:
          error instanceof ApiError && error.code ? error.message : messages.get().restoreFailed,
      });
    }
    setRestoring(null);
  };

  return (
    <>
      <h1 className={styles.heading}>{t.heading}</h1>
      <p>
        {t.ofBefore}
        <Link to={`/breakthrough/${article.articleId}`}>{article.title}</Link>
        {t.ofAfter}
      </p>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={styles.outcome}>
          {outcome.text}
        </p>
      )}
      {revisions.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <>
          <ol className={styles.revisions} aria-label={t.revisions}>
            {revisions.map((revision) => (
              <li key={revision.revisionId} className={styles.revision}>
                <span>
                  <strong>{t.revision({ number: revision.number })}</strong>
                  {revision === newest && t.current} ·{' '}
                  <time dateTime={revision.createdAt} title={when(revision.createdAt)}>
                    {formatTimeAgo(revision.createdAt)}
                  </time>{' '}
                  · {t.by({ login: revision.userName })}
                </span>
                {mayRestore && revision !== newest && (
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={t.restoreLabel({ number: revision.number })}
                    onClick={() => setRestoring(revision)}
                  >
                    {t.restore}
                  </Button>
                )}
              </li>
            ))}
          </ol>
          <h2 className={styles.compareHeading}>{t.compare}</h2>
          <div className={styles.pickers}>
            <label htmlFor={fromId}>{t.from}</label>
            <select id={fromId} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
              {revisions.map((revision) => (
                <option key={revision.revisionId} value={revision.revisionId}>
                  {revisionLabel(revision)}
                </option>
              ))}
            </select>
            <label htmlFor={toId}>{t.to}</label>
            <select id={toId} value={to} onChange={(e) => setTo(Number(e.target.value))}>
              {revisions.map((revision) => (
                <option key={revision.revisionId} value={revision.revisionId}>
                  {revisionLabel(revision)}
                </option>
              ))}
            </select>
          </div>
          {fromRevision.data && toRevision.data ? (
            <RevisionDiff from={fromRevision.data} to={toRevision.data} />
          ) : fromRevision.isError || toRevision.isError ? (
            <p role="alert">{t.loadFailed}</p>
          ) : (
            <p role="status">{t.loadingRevisions}</p>
          )}
        </>
      )}
      {restoring && (
        <ConfirmDialog
          title={t.confirmTitle({ number: restoring.number })}
          body={t.confirmBody}
          confirmLabel={t.yes}
          cancelLabel={t.no}
          busy={restore.isPending}
          onConfirm={() => void confirmRestore()}
          onCancel={() => setRestoring(null)}
        />
      )}
    </>
  );
}
