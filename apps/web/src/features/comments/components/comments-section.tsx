import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Comment } from '@repolog/contract/comments';
import { useSession } from '../../../lib/use-session';
import {
  commentsQuery,
  useDeleteComment,
  useLockComments,
  useModerateComment,
  useUpdateComment,
} from '../api/comments';
import { Button } from '../../../components/ui/button';
import { i18n, params, useMessages } from '../../../i18n';
import { commentTexts } from '../lib/comment-texts';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import styles from './comments.module.css';

const messages = i18n('commentsSection', {
  heading: 'Comments',
  headingCount: params('Comments ({count})'),
  closed: 'Comments on this breakthrough are closed.',
  close: 'Close comments',
  reopen: 'Open comments',
});

/**
 * The comments block of the article page (spec §2, §4): the comment box, the list oldest
 * first, and per comment a menu with Edit and Delete where the server allows them. One row
 * is edited at a time and no menu opens meanwhile. Closed comments take no new ones; the
 * blog's members and the moderators (`canLock`) close and open them.
 */
export function CommentsSection({
  articleId,
  locked = false,
  canLock = false,
}: {
  articleId: number;
  locked?: boolean;
  canLock?: boolean;
}) {
  const t = useMessages(messages);
  const texts = useMessages(commentTexts);
  const session = useSession();
  const viewer = session.status === 'in' ? session.userId : null;
  const query = commentsQuery(articleId, viewer);
  const queryClient = useQueryClient();
  const { data: comments, error } = useQuery({
    ...query,
    // The server's HTML comes with the visitor's rows; a signed-in reader's own (with their
    // edit and delete buttons) replace them once the session is known.
    enabled: session.status !== 'unknown',
    placeholderData: keepPreviousData,
  });
  const update = useUpdateComment(articleId);
  const deletion = useDeleteComment(articleId);
  const moderation = useModerateComment(articleId);
  const locking = useLockComments(articleId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [menuId, setMenuId] = useState<number | null>(null);

  useEffect(() => {
    // Spec §8: a failed comment load is only logged.
    if (error) console.error('loading the comments failed', error);
  }, [error]);

  const closeMenu = useCallback(() => setMenuId(null), []);

  const setComments = (update: (list: Comment[]) => Comment[]) =>
    queryClient.setQueryData<Comment[]>(query.queryKey, (old) => update(old ?? []));

  const save = async (comment: Comment, text: string): Promise<boolean> => {
    const content = text.trim();
    if (!content) {
      window.alert(commentTexts.get().editEmpty);
      return false;
    }
    try {
      const updated = await update.mutateAsync({ commentId: comment.commentId, content });
      setComments((list) =>
        list.map((c) =>
          c.commentId === comment.commentId
            ? { ...c, content: updated.content, updatedAt: updated.updatedAt }
            : c,
        ),
      );
      setEditingId(null);
      window.alert(commentTexts.get().updated);
      return true;
    } catch (cause) {
      console.error('updating the comment failed', cause);
      window.alert(commentTexts.get().updateFailed);
      return false;
    }
  };

  const remove = async (comment: Comment) => {
    setMenuId(null);
    if (!window.confirm(commentTexts.get().confirmDelete)) return;
    try {
      await deletion.mutateAsync(comment.commentId);
    } catch (cause) {
      console.error('deleting the comment failed', cause);
      window.alert(commentTexts.get().deleteFailed);
      return;
    }
    window.alert(commentTexts.get().deleted);
  };

  return (
    <section className={styles.section} aria-labelledby={`comments-${articleId}`}>
      <h2 id={`comments-${articleId}`} className={styles.heading}>
        {comments ? t.headingCount({ count: comments.length }) : t.heading}
      </h2>
      {canLock && (
        <div className={styles.lockBar}>
          <Button
            variant="secondary"
            disabled={locking.isPending}
            onClick={() =>
              locking.mutate(!locked, { onError: (cause) => window.alert(cause.message) })
            }
          >
            {locked ? t.reopen : t.close}
          </Button>
        </div>
      )}
      {locked ? (
        <p className={styles.closed}>{t.closed}</p>
      ) : (
        <CommentForm
          articleId={articleId}
          session={session}
          onAdded={(comment) => setComments((list) => [...list, comment])}
        />
      )}
      {!comments && !error && <div className={styles.placeholder} aria-busy="true" />}
      {comments?.length === 0 && <p className={styles.empty}>{texts.empty}</p>}
      {comments && comments.length > 0 && (
        <ul className={styles.list}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.commentId}
              comment={comment}
              editing={editingId === comment.commentId}
              menuOpen={menuId === comment.commentId}
              menuLocked={editingId !== null}
              onToggleMenu={() =>
                setMenuId((open) => (open === comment.commentId ? null : comment.commentId))
              }
              onCloseMenu={closeMenu}
              onStartEdit={() => {
                setMenuId(null);
                setEditingId(comment.commentId);
              }}
              onCancelEdit={() => setEditingId(null)}
              onSave={(text) => save(comment, text)}
              onDelete={() => void remove(comment)}
              canReport={session.status === 'in' && session.userName !== comment.userName}
              onModerate={(hide) => {
                setMenuId(null);
                moderation.mutate(
                  { commentId: comment.commentId, hide },
                  { onError: (cause) => window.alert(cause.message) },
                );
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
