import { liveCloseKey } from '@repolog/contract/live';
import { readLiveFields, writeLiveFields, type TextEdit } from '@repolog/contract/live-fields';
import type { PublishedDraft } from '@repolog/contract/drafts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type * as Y from 'yjs';
import { describeMessage, i18n, useLocale, useMessages } from '../../../i18n';
import { getDraft, usePublishDraft } from '../api/drafts';
import type { LiveDraft } from '../hooks/use-live-draft';
import type { ArticleFormValues } from '../lib/article-form-rules';
import { minimalChange } from '../lib/minimal-change';
import type { DraftLineStatus } from './draft-status';
import styles from './draft-status.module.css';

/** The form's values as the live document holds them. */
export const valuesOfDoc = (doc: Y.Doc): ArticleFormValues => readLiveFields(doc);

/** A writer's own change of a text as one edit (the common start and end kept). */
const singleEdit = (before: string, after: string): TextEdit[] => {
  const change = minimalChange(before, after);
  return change
    ? [{ at: change.from, remove: change.to - change.from, insert: change.insert }]
    : [];
};

/**
 * Writes this editor's values into the live document as the smallest changes. `content` is left
 * out when CodeMirror edits it directly (it is bound to the shared text).
 */
export function writeValuesToDoc(
  doc: Y.Doc,
  values: ArticleFormValues,
  fields: readonly ('title' | 'content')[] = ['title', 'content'],
): void {
  writeLiveFields(doc, values, singleEdit, fields);
}

/** Re-renders with the document's values whenever anyone changes it. */
function useDocValues(doc: Y.Doc | null): ArticleFormValues | null {
  const [seen, setSeen] = useState<{ doc: Y.Doc; values: ArticleFormValues } | null>(null);
  useEffect(() => {
    if (!doc) return;
    const update = () => setSeen({ doc, values: valuesOfDoc(doc) });
    doc.on('update', update);
    return () => doc.off('update', update);
  }, [doc]);
  if (!doc) return null;
  return seen?.doc === doc ? seen.values : valuesOfDoc(doc);
}

/** How long Post waits for the server to store the last keystrokes before it gives up. */
const STORE_WAIT_MS = 10_000;

/**
 * The write and edit form on a draft's live document: what the form shows and does when every
 * member who opens the draft types into the same title and body and sees the others' cursors.
 * The server stores each change before it says "Saved"; Post posts the document as stored.
 * Given to the same form the page showed before joining, so nothing is remounted (the writer
 * keeps their focus and caret).
 */
export function useLiveForm(live: LiveDraft | null, draftId: number | null) {
  const values = useDocValues(live?.doc ?? null);
  const publish = usePublishDraft();
  // Post waits on the latest status (each change of it is a new `live`).
  const latest = useRef(live);
  useEffect(() => {
    latest.current = live;
  });
  // One object per joined document: `live` is new at each status change (every keystroke, each
  // "saved" from the server), and a new `collaboration` makes CodeMirror rebuild its editor.
  const doc = live?.doc;
  const awareness = live?.provider.awareness;
  const undoManager = live?.undoManager;
  const collaboration = useMemo(
    () =>
      doc && awareness && undoManager
        ? { text: doc.getText('content'), awareness, undoManager }
        : null,
    [doc, awareness, undoManager],
  );
  if (!live || draftId === null || !values || !collaboration) return null;
  const status = live.status;
  const saved = status.mode === 'live' && status.saved;
  const autosaveStatus: DraftLineStatus =
    status.mode === 'live'
      ? status.offline
        ? 'offline'
        : status.saved
          ? 'saved'
          : status.online
            ? 'saving'
            : 'retrying'
      : 'saving';

  /** Waits until the server has stored every change made here, then posts the draft. */
  const post = async (): Promise<PublishedDraft> => {
    const end = Date.now() + STORE_WAIT_MS;
    const stored = () => {
      const now = latest.current?.status;
      return now?.mode === 'live' && now.saved;
    };
    while (!stored()) {
      if (Date.now() > end) throw new Error('The last changes were not stored yet; try again.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { version } = await getDraft(draftId);
    return publish.mutateAsync({ draftId, version });
  };

  return {
    values,
    /** The title and the dropdowns go into the document (CodeMirror writes the body itself). */
    onValuesChange: (next: ArticleFormValues) => writeValuesToDoc(live.doc, next, ['title']),
    collaboration,
    saved,
    status: autosaveStatus,
    savedAt: status.mode === 'live' ? status.savedAt : null,
    ended: status.mode === 'ended' ? status.reason : null,
    published: publish.isSuccess,
    post,
  };
}

const messages = i18n('liveDraftForm', {
  alone: 'Only you are editing this draft. Members of the blog who open it join you here.',
  together: 'Editing with you:',
  leave: 'Leave the editor',
});

/** Who else has the draft open, each in the color of their cursor. */
export function Presence({ live }: { live: LiveDraft }) {
  const t = useMessages(messages);
  const others = live.collaborators;
  return (
    <div className={styles.presence} aria-live="polite">
      {others.length === 0 ? (
        <span>{t.alone}</span>
      ) : (
        <>
          <span>{t.together}</span>
          <ul className={styles.people}>
            {others.map((person) => (
              <li key={person.clientId}>
                <span
                  className={styles.dot}
                  style={{ backgroundColor: person.color }}
                  aria-hidden="true"
                />
                {person.name}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The server ended the live document for good (posted, deleted, removed from the blog). */
export function LiveEnded({ reason, leaveTo }: { reason: string; leaveTo: string }) {
  const t = useMessages(messages);
  useLocale(); // the reason is told in the active language, again when it changes
  const key = liveCloseKey(reason);
  return (
    <div className={styles.conflict} role="alert">
      <p>{describeMessage(key && { key, params: {} }, reason)}</p>
      <p>
        <Link to={leaveTo}>{t.leave}</Link>
      </p>
    </div>
  );
}
