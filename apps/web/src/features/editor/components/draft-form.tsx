import type { Draft, PublishedDraft } from '@repolog/contract/drafts';
import { useState, type ReactNode } from 'react';
import { conflictOf, useDeleteDraft, usePublishDraft } from '../api/drafts';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import {
  missesRequiredField,
  serverDetail,
  type ArticleFormValues,
} from '../lib/article-form-rules';
import { ArticleForm } from './article-form';
import { DraftConflictNotice, DraftStatusLine } from './draft-status';

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
 * member): Post or Save changes first saves what is typed, then publishes that version.
 */
export function DraftForm(props: DraftFormProps) {
  const { blogId, articleId, draft, initial } = props;
  const start = draft
    ? {
        title: draft.title,
        content: draft.content,
        about: draft.about ?? '',
        problem: draft.problem ?? '',
        solution: draft.solution ?? '',
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
    enabled: !posting,
    onCreated: props.onCreated,
  });

  const submit = async (submitted: ArticleFormValues) => {
    if (missesRequiredField(submitted)) {
      setError(props.onMissingFields());
      return;
    }
    setError(null);
    setPosting(true);
    try {
      const saved = await autosave.flush();
      const result = await publish.mutateAsync(saved);
      autosave.stop();
      props.onPublished(result);
    } catch (failure) {
      setPosting(false);
      const theirs = conflictOf(failure);
      if (theirs) {
        autosave.showConflict(theirs);
        return;
      }
      if (autosave.conflict) return;
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
        const current = autosave.draft;
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

  return (
    <>
      {autosave.conflict && (
        <DraftConflictNotice
          theirs={autosave.conflict}
          onTakeTheirs={() => {
            const adopted = autosave.takeTheirs();
            if (adopted) {
              setValues(adopted);
              setGeneration((n) => n + 1);
            }
          }}
          onKeepMine={autosave.keepMine}
        />
      )}
      <ArticleForm
        key={generation}
        initial={start}
        values={values}
        onValuesChange={setValues}
        unsaved={autosave.unsaved}
        onLeave={() => void autosave.flush().catch(() => undefined)}
        status={<DraftStatusLine status={autosave.status} savedAt={autosave.savedAt} />}
        repoUrl={props.repoUrl}
        submitLabel={props.submitLabel}
        cancelTo={props.cancelTo}
        onCancel={cancel && (() => void cancel())}
        pending={posting}
        saved={publish.isSuccess}
        error={error}
        onSubmit={(submitted) => void submit(submitted)}
      />
    </>
  );
}
