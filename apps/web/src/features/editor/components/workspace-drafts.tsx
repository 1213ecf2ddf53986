import { useQueries } from '@tanstack/react-query';
import type { DraftSummary } from '@repolog/contract/drafts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { i18n, params, useMessages } from '../../../i18n';
import { formatTimeAgo } from '../../../lib/time-ago';
import { useSession } from '../../../lib/use-session';
import { blogDraftsQuery, useDeleteDraft } from '../api/drafts';
import styles from './workspace-drafts.module.css';

const messages = i18n('workspaceDrafts', {
  heading: 'Drafts',
  confirmDelete: 'Are you sure you want to delete this draft?',
  deleteFailed: 'Failed to delete the draft.',
  untitled: 'Untitled',
  postedChanges: 'Changes to a posted breakthrough · ',
  /** Before how long ago the draft was last edited. */
  lastEdited: 'Last edited ',
  /** After how long ago the draft was last edited. */
  by: params(' by {name}'),
  open: 'Open',
  openTitle: params('Open {title}'),
  delete: 'Delete',
  deleteTitle: params('Delete {title}'),
  yes: 'Yes',
  no: 'No',
});

/** Where a draft is written: the write page for a new breakthrough, the edit page for an edit. */
const draftLink = (draft: DraftSummary) =>
  draft.articleId === null
    ? `/blog/${draft.blogId}/breakthrough/write?draft=${draft.draftId}`
    : `/breakthrough/${draft.articleId}/edit`;

/** /workspace: each blog's drafts (title, last edited, by whom), to open or delete. */
export function WorkspaceDrafts({ blogs }: { blogs: { blogId: number; blogName: string }[] }) {
  const t = useMessages(messages);
  const session = useSession();
  const lists = useQueries({ queries: blogs.map((blog) => blogDraftsQuery(blog.blogId)) });
  const remove = useDeleteDraft();
  const [confirming, setConfirming] = useState<DraftSummary | null>(null);
  const [failed, setFailed] = useState(false);

  const groups = blogs
    .map((blog, index) => ({ ...blog, drafts: lists[index]?.data ?? [] }))
    .filter((group) => group.drafts.length > 0);
  if (groups.length === 0) return null;
  const me = session.status === 'in' ? session.userId : null;

  const confirmDelete = () => {
    if (!confirming) return;
    setFailed(false);
    remove.mutate(
      { draftId: confirming.draftId, blogId: confirming.blogId },
      {
        onSuccess: () => setConfirming(null),
        onError: (error) => {
          console.error('deleting the draft failed', error);
          setConfirming(null);
          setFailed(true);
        },
      },
    );
  };

  return (
    <section className={styles.drafts} aria-labelledby="workspace-drafts">
      <h2 id="workspace-drafts" className={styles.heading}>
        {t.heading}
      </h2>
      {failed && <p role="alert">{t.deleteFailed}</p>}
      {groups.map((group) => (
        <div key={group.blogId} className={styles.group}>
          <h3 className={styles.blogName}>{group.blogName}</h3>
          <ul className={styles.list}>
            {group.drafts.map((draft) => {
              const title = draft.title.trim() || t.untitled;
              return (
                <li key={draft.draftId} className={styles.item}>
                  <div className={styles.text}>
                    <Link to={draftLink(draft)} className={styles.title}>
                      {title}
                    </Link>
                    <span className={styles.meta}>
                      {draft.articleId !== null && t.postedChanges}
                      {t.lastEdited}
                      <time dateTime={draft.updatedAt}>{formatTimeAgo(draft.updatedAt)}</time>
                      {t.by({ name: draft.updatedByName })}
                    </span>
                  </div>
                  <div className={styles.actions}>
                    <Link to={draftLink(draft)} aria-label={t.openTitle({ title })}>
                      {t.open}
                    </Link>
                    {/* The server also lets a blog's owner delete others' drafts; the list
                        offers each member their own. */}
                    {draft.creatorId === me && (
                      <Button
                        type="button"
                        variant="secondary"
                        aria-label={t.deleteTitle({ title })}
                        onClick={() => setConfirming(draft)}
                      >
                        {t.delete}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {confirming && (
        <ConfirmDialog
          title={t.confirmDelete}
          confirmLabel={t.yes}
          cancelLabel={t.no}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
