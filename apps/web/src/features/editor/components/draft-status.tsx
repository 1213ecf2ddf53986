import type { Draft } from '@repolog/contract/drafts';
import { Button } from '../../../components/ui/button';
import { i18n, locale, params, useMessages } from '../../../i18n';
import type { AutosaveStatus } from '../hooks/use-draft-autosave';
import styles from './draft-status.module.css';

const messages = i18n('draftStatus', {
  saving: 'Saving…',
  retrying: 'Not saved — retrying',
  offline: 'Offline — changes are kept on this device and sent when you’re back',
  conflict: 'Not saved — this draft was changed elsewhere',
  savesItself: 'Your draft saves itself as you write.',
  savedAt: params('Saved at {time}'),
  /** Follows the name of who saved, in bold. */
  theySaved: params(
    'saved this draft at {time}, after the version your changes are based on. Your latest changes are not saved, and theirs were not overwritten.',
  ),
  showTheirs: 'Show their version',
  keepMine: 'Keep my version',
});

const clock = (date: Date) =>
  date.toLocaleTimeString(locale.get(), { hour: '2-digit', minute: '2-digit' });

/** What the status line tells: the autosave's state, or (a live draft) that the network is gone. */
export type DraftLineStatus = AutosaveStatus | 'offline';

/** The autosave line, read out by screen readers as it changes. */
export function DraftStatusLine({
  status,
  savedAt,
}: {
  status: DraftLineStatus;
  savedAt: Date | null;
}) {
  const t = useMessages(messages);
  const text =
    status === 'offline'
      ? t.offline
      : status === 'saving'
        ? t.saving
        : status === 'retrying'
          ? t.retrying
          : status === 'conflict'
            ? t.conflict
            : status === 'saved' && savedAt
              ? t.savedAt({ time: clock(savedAt) })
              : t.savesItself;
  return (
    <p
      className={`${styles.line} ${status === 'retrying' || status === 'conflict' || status === 'offline' ? styles.warn : ''}`}
      role="status"
      aria-live="polite"
      data-autosave={status}
    >
      {text}
    </p>
  );
}

/**
 * Someone saved the draft after the version this page based its changes on: say so, and let
 * the writer choose, instead of overwriting either version unseen.
 */
export function DraftConflictNotice({
  theirs,
  onTakeTheirs,
  onKeepMine,
}: {
  theirs: Draft;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  const t = useMessages(messages);
  return (
    <div className={styles.conflict} role="alert">
      <p>
        <strong>{theirs.updatedByName}</strong>{' '}
        {t.theySaved({ time: clock(new Date(theirs.updatedAt)) })}
      </p>
      <div className={styles.choices}>
        <Button type="button" variant="secondary" onClick={onTakeTheirs}>
          {t.showTheirs}
        </Button>
        <Button type="button" onClick={onKeepMine}>
          {t.keepMine}
        </Button>
      </div>
    </div>
  );
}
