import type { Draft } from '@repolog/contract/drafts';
import { Button } from '../../../components/ui/button';
import type { AutosaveStatus } from '../hooks/use-draft-autosave';
import styles from './draft-status.module.css';

export const SAVING = 'Saving…';
export const NOT_SAVED_RETRYING = 'Not saved — retrying';
export const NOT_SAVED_CONFLICT = 'Not saved — this draft was changed elsewhere';
export const SAVES_ITSELF = 'Your draft saves itself as you write.';

const clock = (date: Date) => date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The autosave line, read out by screen readers as it changes. */
export function DraftStatusLine({
  status,
  savedAt,
}: {
  status: AutosaveStatus;
  savedAt: Date | null;
}) {
  const text =
    status === 'saving'
      ? SAVING
      : status === 'retrying'
        ? NOT_SAVED_RETRYING
        : status === 'conflict'
          ? NOT_SAVED_CONFLICT
          : status === 'saved' && savedAt
            ? `Saved at ${clock(savedAt)}`
            : SAVES_ITSELF;
  return (
    <p
      className={`${styles.line} ${status === 'retrying' || status === 'conflict' ? styles.warn : ''}`}
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
  return (
    <div className={styles.conflict} role="alert">
      <p>
        <strong>{theirs.updatedByName}</strong> saved this draft at{' '}
        {clock(new Date(theirs.updatedAt))}, after the version your changes are based on. Your
        latest changes are not saved, and theirs were not overwritten.
      </p>
      <div className={styles.choices}>
        <Button type="button" variant="secondary" onClick={onTakeTheirs}>
          Show their version
        </Button>
        <Button type="button" onClick={onKeepMine}>
          Keep my version
        </Button>
      </div>
    </div>
  );
}
