import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Comment } from '@repolog/contract/comments';
import { limits } from '@repolog/contract/limits';
import { Button } from '../../../components/ui/button';
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
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    wrapper.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) onCloseMenu();
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [menuOpen, onCloseMenu]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [
      ...(wrapper.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCloseMenu();
      trigger.current?.focus();
    } else if (event.key === 'Tab') {
      onCloseMenu();
    }
  };

  return (
    <div className={styles.menuWrap} ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className={styles.menuTrigger}
        aria-label={`Options for the comment by ${comment.userName}`}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        disabled={menuLocked}
        onClick={onToggleMenu}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {menuOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label="Comment options"
          className={styles.menu}
          onKeyDown={onMenuKey}
          tabIndex={-1}
        >
          {comment.updateButton && (
            <button type="button" role="menuitem" className={styles.menuItem} onClick={onStartEdit}>
              Edit
            </button>
          )}
          {comment.deleteButton && (
            <button
              type="button"
              role="menuitem"
              className={`${styles.menuItem} ${styles.danger}`}
              onClick={onDelete}
            >
              Delete
            </button>
          )}
        </div>
      )}
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
