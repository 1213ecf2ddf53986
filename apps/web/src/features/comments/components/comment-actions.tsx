import { useEffect, useId, useRef, useState } from 'react';
import type { Comment } from '@repolog/contract/comments';
import { limits } from '@repolog/contract/limits';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, type DropdownItem } from '../../../components/ui/dropdown';
import { i18n, params, useMessages } from '../../../i18n';
import styles from './comments.module.css';

const messages = i18n('commentActions', {
  edit: 'Edit',
  delete: 'Delete',
  report: 'Report',
  hide: 'Hide',
  restore: 'Show again',
  approve: 'Approve',
  options: params('Options for the comment by {login}'),
  menu: 'Comment options',
  editLabel: 'Edit your comment',
  cancel: 'Cancel',
  save: 'Edit',
});

/**
 * The parts of a comment only its author (or the article's) gets: the Edit/Delete menu and the
 * inline edit form. They load on demand, after the page has hydrated.
 */
export interface CommentMenuProps {
  comment: Comment;
  menuOpen: boolean;
  menuLocked: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onStartEdit: () => void;
  onDelete: () => void;
  canReport: boolean;
  onReport: () => void;
  onModerate: (hide: boolean) => void;
}

export function CommentMenu({
  comment,
  menuOpen,
  menuLocked,
  onToggleMenu,
  onCloseMenu,
  onStartEdit,
  onDelete,
  canReport,
  onReport,
  onModerate,
}: CommentMenuProps) {
  const t = useMessages(messages);
  const shown = !comment.hidden && !comment.held;
  const items: DropdownItem[] = [
    ...(comment.updateButton ? [{ label: t.edit, onSelect: onStartEdit }] : []),
    ...(comment.moderateButton
      ? [
          shown
            ? { label: t.hide, onSelect: () => onModerate(true) }
            : { label: comment.held ? t.approve : t.restore, onSelect: () => onModerate(false) },
        ]
      : []),
    ...(canReport ? [{ label: t.report, onSelect: onReport }] : []),
    ...(comment.deleteButton ? [{ label: t.delete, onSelect: onDelete, danger: true }] : []),
  ];
  return (
    <div className={styles.menuWrap}>
      <DropdownMenu
        label={t.options({ login: comment.userName })}
        menuLabel={t.menu}
        items={items}
        open={menuOpen}
        // One menu open in the whole list; the list decides (a second click closes it).
        onOpenChange={(open) => (open ? onToggleMenu() : onCloseMenu())}
        disabled={menuLocked}
      />
    </div>
  );
}

export function EditForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: string;
  onCancel: () => void;
  onSave: (content: string) => Promise<boolean>;
}) {
  const t = useMessages(messages);
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
        {t.editLabel}
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
          {t.cancel}
        </Button>
        <Button onClick={() => void save()} disabled={busy}>
          {t.save}
        </Button>
      </div>
    </div>
  );
}
