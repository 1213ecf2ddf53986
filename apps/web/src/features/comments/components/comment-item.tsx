import { lazy, Suspense, useState } from 'react';
import type { Comment } from '@repolog/contract/comments';
import { Link } from 'react-router';
import { TimeAgo } from '../../../components/ui/time-ago';
import { i18n, locale, params, useMessages } from '../../../i18n';
import { useHydrated } from '../../../lib/use-hydrated';
import styles from './comments.module.css';

const messages = i18n('commentItem', {
  editedAt: params('Edited {date}'),
  edited: '(edited)',
  folded: 'Comment from a user you blocked',
  show: 'Show',
  hidden: params('Hidden: {reason}'),
  heldLinks:
    'Held for approval: a comment with links from a new account or one without public activity on GitHub.',
  heldRepeated: 'Held for approval: the same text was posted on several breakthroughs.',
});

const ReportDialog = lazy(() =>
  import('../../../components/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

const CommentMenu = lazy(() =>
  import('./comment-actions').then((m) => ({ default: m.CommentMenu })),
);
const EditForm = lazy(() => import('./comment-actions').then((m) => ({ default: m.EditForm })));

interface CommentItemProps {
  comment: Comment;
  editing: boolean;
  menuOpen: boolean;
  /** A row is being edited: menus stay shut (spec §4). */
  menuLocked: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onStartEdit: () => void;
  onCancelEdit: () => void;
  /** Saves the edit; resolves true when it was saved. */
  onSave: (content: string) => Promise<boolean>;
  onDelete: () => void;
  /** Signed in and not its author: the menu offers Report. */
  canReport: boolean;
  /** Hides (true) or shows again / approves (false): members of the blog and moderators. */
  onModerate: (hide: boolean) => void;
}

/**
 * One comment: author (a link to their profile), when it was written (relative, the exact time
 * on hover), whether it was edited since, its text, and the edit/delete menu where the server
 * allows it.
 */
export function CommentItem(props: CommentItemProps) {
  const t = useMessages(messages);
  const { comment, editing } = props;
  const hydrated = useHydrated();
  const edited = Date.parse(comment.updatedAt) - Date.parse(comment.date) > 1000;
  const hasMenu =
    comment.updateButton || comment.deleteButton || props.canReport || !!comment.moderateButton;
  const [unfolded, setUnfolded] = useState(false);
  const [reporting, setReporting] = useState(false);

  if (comment.folded && !unfolded) {
    return (
      <li className={styles.item}>
        <p className={styles.folded}>
          {t.folded}{' '}
          <button type="button" className={styles.linkButton} onClick={() => setUnfolded(true)}>
            {t.show}
          </button>
        </p>
      </li>
    );
  }

  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        <span className={styles.avatar} aria-hidden="true">
          {comment.userName.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.author}>
          <Link to={`/user/${comment.userName}`}>{comment.userName}</Link>
        </span>
        <TimeAgo iso={comment.date} className={styles.date} />
        {edited && (
          <span
            className={styles.edited}
            // The reader's local time, once the page is theirs (server HTML knows no time zone).
            title={
              hydrated
                ? t.editedAt({ date: new Date(comment.updatedAt).toLocaleString(locale.get()) })
                : undefined
            }
          >
            {t.edited}
          </span>
        )}
        {hasMenu && (
          <Suspense fallback={<div className={styles.menuWrap} />}>
            <CommentMenu {...props} onReport={() => setReporting(true)} />
          </Suspense>
        )}
      </div>
      {comment.hidden && (
        <p className={styles.notice}>{t.hidden({ reason: comment.hidden.reason })}</p>
      )}
      {comment.held && (
        <p className={styles.notice}>{comment.held === 'links' ? t.heldLinks : t.heldRepeated}</p>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType="comment"
            targetId={comment.commentId}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
      {editing ? (
        <Suspense fallback={<p className={styles.content}>{comment.content}</p>}>
          <EditForm initial={comment.content} onCancel={props.onCancelEdit} onSave={props.onSave} />
        </Suspense>
      ) : (
        <p className={styles.content}>{comment.content}</p>
      )}
    </li>
  );
}
