import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../../i18n';
import { formatTimeAgo } from '../../../lib/time-ago';
import { blogDraftsQuery } from '../api/drafts';
import styles from './draft-status.module.css';

const messages = i18n('draftOffer', {
  heading: 'Continue an unfinished breakthrough?',
  untitled: 'Untitled',
  /** Before how long ago the draft was last edited. */
  lastEdited: '· last edited ',
});

/** On opening the write page: the member's unfinished drafts in this blog, to pick up again. */
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
  const mine = (drafts.data ?? []).filter(
    (draft) => draft.articleId === null && draft.creatorId === userId && draft.draftId !== except,
  );
  if (mine.length === 0) return null;
  return (
    <section className={styles.offer} aria-labelledby="draft-offer-heading">
      <h2 id="draft-offer-heading">{t.heading}</h2>
      <ul>
        {mine.map((draft) => (
          <li key={draft.draftId}>
            <Link to={`/blog/${blogId}/breakthrough/write?draft=${draft.draftId}`}>
              {draft.title.trim() || t.untitled}
            </Link>{' '}
            <span>
              {t.lastEdited}
              <time dateTime={draft.updatedAt}>{formatTimeAgo(draft.updatedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
