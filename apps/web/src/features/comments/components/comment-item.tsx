import { useEffect, useId, useRef, useState } from 'react';
import type { Comment } from '@repolog/contract/comments';
import { limits } from '@repolog/contract/limits';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, type DropdownItem } from '../../../components/ui/dropdown';
import { formatDate } from '../../../lib/format';
import styles from './comments.module.css';

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
}

/** One comment: author, date, text, and the edit/delete menu where the server allows it. */
export function CommentItem(props: CommentItemProps) {
  const { comment, editing } = props;
  const edited = Date.parse(comment.updatedAt) - Date.parse(comment.date) > 1000;
  const hasMenu = comment.updateButton || comment.deleteButton;

  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        <span className={styles.avatar} aria-hidden="true">
          {comment.userName.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.author}>{comment.userName}</span>
        <time className={styles.date} dateTime={comment.date}>
          {formatDate(comment.date)}
        </time>
        {edited && <span className={styles.edited}>(edited)</span>}
        {hasMenu && <CommentMenu {...props} />}
      </div>
      {editing ? (
        <EditForm initial={comment.content} onCancel={props.onCancelEdit} onSave={props.onSave} />
      ) : (
        <p className={styles.content}>{comment.content}</p>
      )}
    </li>
  );
}

function CommentMenu({
  comment,
  menuOpen,
  menuLocked,
  onToggleMenu,
  onCloseMenu,
  onStartEdit,
  onDelete,
}: CommentItemProps) {
  const items: DropdownItem[] = [
    ...(comment.updateButton ? [{ label: 'Edit', onSelect: onStartEdit }] : []),
    ...(comment.deleteButton ? [{ label: 'Delete', onSelect: onDelete, danger: true }] : []),
  ];
  return (
    <div className={styles.menuWrap}>
      <DropdownMenu
        label={`Options for the comment by ${comment.userName}`}
        menuLabel="Comment options"
        items={items}
        open={menuOpen}
        // One menu open in the whole list; the list decides (a second click closes it).
        onOpenChange={(open) => (open ? onToggleMenu() : onCloseMenu())}
        disabled={menuLocked}
      />
    </div>
  );
}

function EditForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: string;
  onCancel: () => void;
  onSave: (content: string) => Promise<boolean>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = async () => {
    setBusy(true);
    const saved = await onSave(draft);
    if (!saved) setBusy(false);
  };

  return (
    <div className={styles.editForm}>
      <label htmlFor={id} className="visually-hidden">
        Edit your comment
      </label>
      <textarea
        id={id}
        ref={field}
        className={styles.textarea}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        rows={3}
        maxLength={limits.comment.max}
      />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={busy}>
          Edit
        </Button>
      </div>
    </div>
  );
}
