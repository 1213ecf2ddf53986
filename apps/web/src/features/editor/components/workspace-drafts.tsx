import { useQueries } from '@tanstack/react-query';
import type { DraftSummary } from '@repolog/contract/drafts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { formatTimeAgo } from '../../../lib/time-ago';
import { useSession } from '../../auth/hooks/use-session';
import { blogDraftsQuery, useDeleteDraft } from '../api/drafts';
import { UNTITLED } from './draft-offer';
import styles from './workspace-drafts.module.css';

export const DRAFTS_HEADING = 'Drafts';
export const DELETE_DRAFT_CONFIRM = 'Are you sure you want to delete this draft?';
export const DRAFT_DELETE_FAILED = 'Failed to delete the draft.';

/** Where a draft is written: the write page for a new breakthrough, the edit page for an edit. */
const draftLink = (draft: DraftSummary) =>
  draft.articleId === null
    ? `/blog/${draft.blogId}/breakthrough/write?draft=${draft.draftId}`
    : `/breakthrough/${draft.articleId}/edit`;

/** /workspace: each blog's drafts (title, last edited, by whom), to open or delete. */
export function WorkspaceDrafts({ blogs }: { blogs: { blogId: number; blogName: string }[] }) {
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
        {DRAFTS_HEADING}
      </h2>
      {failed && <p role="alert">{DRAFT_DELETE_FAILED}</p>}
      {groups.map((group) => (
        <div key={group.blogId} className={styles.group}>
          <h3 className={styles.blogName}>{group.blogName}</h3>
          <ul className={styles.list}>
            {group.drafts.map((draft) => {
              const title = draft.title.trim() || UNTITLED;
              return (
                <li key={draft.draftId} className={styles.item}>
                  <div className={styles.text}>
                    <Link to={draftLink(draft)} className={styles.title}>
                      {title}
                    </Link>
                    <span className={styles.meta}>
                      {draft.articleId !== null && 'Changes to a posted breakthrough · '}
                      Last edited{' '}
                      <time dateTime={draft.updatedAt}>
                        {formatTimeAgo(draft.updatedAt)}
                      </time> by {draft.updatedByName}
                    </span>
                  </div>
                  <div className={styles.actions}>
                    <Link to={draftLink(draft)} aria-label={`Open ${title}`}>
                      Open
                    </Link>
                    {/* The server also lets a blog's owner delete others' drafts; the list
                        offers each member their own. */}
                    {draft.creatorId === me && (
                      <Button
                        type="button"
                        variant="secondary"
                        aria-label={`Delete ${title}`}
                        onClick={() => setConfirming(draft)}
                      >
                        Delete
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
          title={DELETE_DRAFT_CONFIRM}
          confirmLabel="Yes"
          cancelLabel="No"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
