import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Comment } from '@repolog/contract/comments';
import { limits } from '@repolog/contract/limits';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import type { SessionState } from '../../../lib/use-session';
import { useAddComment } from '../api/comments';
import { i18n, useMessages } from '../../../i18n';
import { commentTexts } from '../lib/comment-texts';
import styles from './comments.module.css';
import { CutNotice, useCutNotice } from '../../../components/ui/cut-notice';

const messages = i18n('commentForm', {
  what: 'A comment',
  label: 'Write a comment',
  placeholderOut: 'Log in to leave a comment',
  placeholder: 'Leave a comment',
  submit: 'Submit',
});

interface CommentFormProps {
  articleId: number;
  session: SessionState;
  onAdded: (comment: Comment) => void;
}

/**
 * The comment box: visitors are told to log in as soon as they type (spec §5). Until the
 * session is known (server HTML, hydration, the status call) it takes no input: whether typing
 * is refused depends on it, and text typed into the server's HTML would be lost.
 */
export function CommentForm({ articleId, session, onAdded }: CommentFormProps) {
  const t = useMessages(messages);
  const id = useId();
  const waiting = session.status === 'unknown';
  const cut = useCutNotice(t.what, limits.comment.max);
  const [draft, setDraft] = useState('');
  const adding = useAddComment(articleId);
  /** Why the server refused the comment (blocked, closed, a new account's limit). */
  const [refusal, setRefusal] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (session.status === 'out') {
      window.alert(commentTexts.get().loginRequired);
      return;
    }
    setDraft(event.target.value);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content) {
      window.alert(commentTexts.get().enterComment);
      return;
    }
    setRefusal(null);
    try {
      onAdded(await adding.mutateAsync(content));
      setDraft('');
    } catch (error) {
      // A refusal the server explains is said beside the box, in the reader's language (the
      // client turns its key into the catalog's text); any other failure is only logged (§8).
      if (error instanceof ApiError && error.key && (error.status ?? 500) < 500) {
        setRefusal(error.message);
      } else {
        console.error('adding the comment failed', error);
      }
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor={id} className="visually-hidden">
        {t.label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={draft}
        onChange={onChange}
        placeholder={session.status === 'out' ? t.placeholderOut : t.placeholder}
        rows={3}
        maxLength={limits.comment.max}
        readOnly={waiting}
        onPaste={cut.onPaste}
      />
      <CutNotice notice={cut.notice} />
      {refusal && (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="submit" disabled={adding.isPending || waiting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
