import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { blogDraftsQuery } from '../api/drafts';

const messages = i18n('draftsInProgress', {
  one: '1 draft in progress',
  many: params('{count} drafts in progress'),
});

/**
 * On a blog's page, for its members: how many breakthroughs are being written in it, linking to
 * the write page, which offers to join them.
 */
export function DraftsInProgress({ blogId, className }: { blogId: number; className?: string }) {
  const t = useMessages(messages);
  const drafts = useQuery(blogDraftsQuery(blogId));
  const count = (drafts.data ?? []).filter((draft) => draft.articleId === null).length;
  if (count === 0) return null;
  return (
    <p className={className}>
      <Link to={`/blog/${blogId}/breakthrough/write`}>
        {count === 1 ? t.one : t.many({ count })}
      </Link>
    </p>
  );
}
