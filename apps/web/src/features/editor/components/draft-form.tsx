import type { Draft, PublishedDraft } from '@repolog/contract/drafts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as Y from 'yjs';
import { useMessages } from '../../../i18n';
import { useSession } from '../../../lib/use-session';
import { conflictOf, useDeleteDraft, usePublishDraft } from '../api/drafts';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { liveDraftMessages, useLiveDraft } from '../hooks/use-live-draft';
import {
  missesRequiredField,
  serverDetail,
  type ArticleFormValues,
} from '../lib/article-form-rules';
import { ArticleForm } from './article-form';
import { DraftConflictNotice, DraftStatusLine } from './draft-status';
import styles from './draft-status.module.css';
import { EditorSkeleton } from './editor-skeleton';
import { LiveEnded, Presence, useLiveForm, writeValuesToDoc } from './live-draft-form';

interface DraftFormProps {
  blogId: number;
  /** The edit page: the draft is the pending edit of this breakthrough. */
  articleId?: number;
  /** The draft being resumed. */
  draft: Draft | null;
  /** What the form starts from when there is no draft (empty, or the breakthrough as posted). */
  initial: ArticleFormValues;
  repoUrl: string | null;
  submitLabel: string;
  cancelTo: string;
  /** The edit page's Cancel throws the pending changes away, then calls this. */
  onDiscarded?: () => void;
  onCreated?: (draft: Draft) => void;
  /** Title or body is missing: what to show (null: only logged, as spec §5 says for writing). */
  onMissingFields: () => ReactNode;
  /** What to show when posting failed, given the server's explanation (if any). */
  failure: (detail: string | null) => ReactNode;
  onPublished: (result: PublishedDraft) => void;
}

/**
 * The breakthrough form saving itself into a draft (the write page, and the edit page of a
 * member). Once the draft exists it is edited live with the blog's other members (its Yjs
 * document over a WebSocket); where no WebSocket gets through, the form saves through the
 * drafts API with its version check, and Post first saves what is typed, then publishes it.
 */
export function DraftForm(props: DraftFormProps) {
  const { blogId, articleId, draft, initial } = props;
  const liveTexts = useMessages(liveDraftMessages);
  const session = useSession();
  const login = session.status === 'in' ? session.userName : null;
  // The draft joined live: the one resumed, or the one the first change created here.
  const [liveDraftId, setLiveDraftId] = useState(draft?.draftId ?? null);
  const joinedHere = useRef<((doc: Y.Doc) => void) | null>(null);
  const live = useLiveDraft(liveDraftId, login, joinedHere);
  const liveMode = live?.status.mode;
  // Joined at least once: the live document is the draft from then on.
  const joined = live !== null && (liveMode === 'live' || liveMode === 'ended');

  const start = draft
    ? {
        title: draft.title,
        content: draft.content,
        about: draft.about ?? '',
        problem: draft.problem ?? '',
        solution: draft.solution ?? '',
        problemRef: draft.problemRef ?? '',
        solutionRef: draft.solutionRef ?? '',
        tags: draft.tags,
      }
    : initial;
  const [values, setValues] = useState(start);
  // Remounts the form when the writer takes the other version of a conflict.
  const [generation, setGeneration] = useState(0);
  const [error, setError] = useState<ReactNode>(null);
  const [posting, setPosting] = useState(false);
  const publish = usePublishDraft();
  const discard = useDeleteDraft();
  const autosave = useDraftAutosave({
    blogId,
    articleId,
    draft,
    values,
    initial: start,
    // Saved through the API only while not live: before the draft exists, or where the
    // WebSocket is blocked.
    enabled: !posting && (liveMode === undefined || liveMode === 'unavailable'),
    onCreated: (created) => {
      setLiveDraftId(created.draftId);
      props.onCreated?.(created);
    },
  });

  // What the form holds this moment (state is a render behind: the document may arrive between
  // a keystroke and the render that shows it).
  const typed = useRef(values);
  // The live document once joined, until the form is bound to it.
  const joinedDoc = useRef<Y.Doc | null>(null);
  const change = (next: ArticleFormValues) => {
    typed.current = next;
    setValues(next);
    // Typed into the editor the page is replacing with the live one: it goes into the document.
    if (joinedDoc.current && !draft) writeValuesToDoc(joinedDoc.current, next);
  };

  // Joined: what was typed here since the draft was created goes into the live document (the
  // draft is new, nobody else has typed in it yet); a resumed draft is the document as stored.
  useEffect(() => {
    joinedHere.current = (doc) => {
      autosave.stop();
      joinedDoc.current = doc;
      if (!draft) writeValuesToDoc(doc, typed.current);
    };
  }, [autosave, draft]);

  const liveForm = useLiveForm(joined ? live : null, liveDraftId);

  const submit = async (submitted: ArticleFormValues) => {
    if (missesRequiredField(submitted)) {
      setError(props.onMissingFields());
      return;
    }
    setError(null);
    setPosting(true);
    try {
      let result: PublishedDraft;
      if (liveForm) {
        result = await liveForm.post();
      } else {
        const saved = await autosave.flush();
        result = await publish.mutateAsync(saved);
        autosave.stop();
      }
      props.onPublished(result);
    } catch (failure) {
      setPosting(false);
      const theirs = conflictOf(failure);
      if (theirs && !liveForm) {
        autosave.showConflict(theirs);
        return;
      }
      if (autosave.conflict && !liveForm) return;
      console.error('publishing the draft failed', failure);
      setError(props.failure(serverDetail(failure)));
    }
  };

  const { onDiscarded } = props;
  const cancel = onDiscarded
    ? async () => {
        // A save under way may be creating the draft: let it land, then throw it away.
        await autosave.settle();
        autosave.stop();
        const current = liveDraftId !== null ? { draftId: liveDraftId } : autosave.draft;
        if (current) {
          try {
            await discard.mutateAsync({ draftId: current.draftId, blogId });
          } catch (failure) {
            console.error('discarding the pending changes failed', failure);
          }
        }
        onDiscarded();
      }
    : undefined;

  if (liveForm?.ended) return <LiveEnded reason={liveForm.ended} leaveTo={props.cancelTo} />;
  // A resumed draft waits for its live document (typing into a copy that may be behind it
  // would undo others' work); it gives up after a few seconds and saves through the API.
  if (draft && liveMode === 'connecting') return <EditorSkeleton />;

  return (
    <>
      {liveMode === 'unavailable' && (
        <p className={styles.resumed} role="status">
          {liveTexts.unavailable}
        </p>
      )}
      {autosave.conflict && (
        <DraftConflictNotice
          theirs={autosave.conflict}
          onTakeTheirs={() => {
            const adopted = autosave.takeTheirs();
            if (adopted) {
              typed.current = adopted;
              setValues(adopted);
              setGeneration((n) => n + 1);
            }
          }}
          onKeepMine={autosave.keepMine}
        />
      )}
      <ArticleForm
        key={generation}
        blogId={blogId}
        initial={start}
        values={liveForm?.values ?? values}
        onValuesChange={liveForm?.onValuesChange ?? change}
        collaboration={liveForm?.collaboration}
        presence={live && liveForm && <Presence live={live} />}
        unsaved={liveForm ? !liveForm.saved : autosave.unsaved}
        onLeave={() => {
          if (!liveForm) void autosave.flush().catch(() => undefined);
        }}
        status={
          liveForm ? (
            <DraftStatusLine status={liveForm.status} savedAt={liveForm.savedAt} />
          ) : (
            <DraftStatusLine status={autosave.status} savedAt={autosave.savedAt} />
          )
        }
        repoUrl={props.repoUrl}
        submitLabel={props.submitLabel}
        cancelTo={props.cancelTo}
        onCancel={cancel && (() => void cancel())}
        pending={posting}
        saved={publish.isSuccess || !!liveForm?.published}
        error={error}
        onSubmit={(submitted) => void submit(submitted)}
      />
    </>
  );
}
