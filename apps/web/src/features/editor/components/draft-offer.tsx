import { useQuery } from '@tanstack/react-query';
import type { DraftSummary } from '@repolog/contract/drafts';
import { Link } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { formatTimeAgo } from '../../../lib/time-ago';
import { blogDraftsQuery } from '../api/drafts';
import styles from './draft-status.module.css';

const messages = i18n('draftOffer', {
  heading: 'Continue an unfinished breakthrough?',
  untitled: 'Untitled',
  /** Before how long ago the draft was last edited. */
  lastEdited: '· last edited ',
  /** A teammate's draft: who started it. */
  startedBy: params('· started by {name}'),
  /** The members who have it open now. */
  editingNow: params('· in it now: {names}'),
});

/**
 * On opening the write page: every unfinished breakthrough of this blog the member may join —
 * their own first, then their teammates' — each with who is in it now.
 */
export function DraftOffer({
  blogId,
  userId,
  except,
}: {
  blogId: number;
  userId: number;
  /** The draft this page is writing now. */
  except: number | null;
}) {
  const t = useMessages(messages);
  const drafts = useQuery(blogDraftsQuery(blogId));
  const unfinished = (drafts.data ?? []).filter(
    (draft) => draft.articleId === null && draft.draftId !== except,
  );
  const offered = [
    ...unfinished.filter((draft) => draft.creatorId === userId),
    ...unfinished.filter((draft) => draft.creatorId !== userId),
  ];
  if (offered.length === 0) return null;
  const line = (draft: DraftSummary) => (
    <li key={draft.draftId}>
      <Link to={`/blog/${blogId}/breakthrough/write?draft=${draft.draftId}`}>
        {draft.title.trim() || t.untitled}
      </Link>{' '}
      {draft.creatorId !== userId && <span>{t.startedBy({ name: draft.creatorName })} </span>}
      <span>
        {t.lastEdited}
        <time dateTime={draft.updatedAt}>{formatTimeAgo(draft.updatedAt)}</time>
      </span>
      {draft.editingNow.length > 0 && (
        <span> {t.editingNow({ names: draft.editingNow.join(', ') })}</span>
      )}
    </li>
  );
  return (
    <section className={styles.offer} aria-labelledby="draft-offer-heading">
      <h2 id="draft-offer-heading">{t.heading}</h2>
      <ul>{offered.map(line)}</ul>
    </section>
  );
}
