import { useQuery } from '@tanstack/react-query';
import type { Draft } from '@repolog/contract/drafts';
import { can } from '@repolog/contract/permissions';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { isValidId } from '../../../lib/format';
import { blogQuery } from '../../../lib/blog-record';
import { useSession, viewerOf } from '../../../lib/use-session';
import { draftQuery } from '../api/drafts';
import { REQUIRED_FIELDS_ERROR, type ArticleFormValues } from '../lib/article-form-rules';
import { DraftForm } from './draft-form';
import { DraftOffer } from './draft-offer';
import { EditorSkeleton } from './editor-skeleton';

const EMPTY: ArticleFormValues = {
  title: '',
  content: '',
  about: '',
  problem: '',
  solution: '',
  problemRef: '',
  solutionRef: '',
  tags: [],
};

const messages = i18n('writeArticle', {
  error: params('Error: {message}'),
  membersOnly: params('Only members of {blog} can write breakthroughs in it.'),
  backToBlog: 'Back to the blog',
  draftGone:
    'This draft does not exist any more (it was posted or deleted), or it belongs to a blog you are not a member of.',
  startNew: 'Start a new breakthrough',
  /** Around the link to the blog: 'Posting to <blog>'. */
  postingBefore: 'Posting to ',
  postingAfter: '',
  post: 'Post',
  postFailed: params('Failed to post the breakthrough: {detail}'),
});

/** The draft named in the address (?draft=ID), if any. */
const draftParam = (value: string | null): number | null => {
  const id = Number(value);
  return value !== null && isValidId(id) ? id : null;
};

/**
 * /blog/{blogId}/breakthrough/write: a member posts a breakthrough to the blog. What they type
 * is a draft saved on the server as they go; ?draft=ID resumes one.
 */
export function WriteArticle({ blogId }: { blogId: number }) {
  const t = useMessages(messages);
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = draftParam(params.get('draft'));
  // The draft the form was opened with. The address names the draft autosave created, too;
  // that one is already in the form, so the form is not opened again for it.
  const [opened, setOpened] = useState(asked);
  const [createdHere, setCreatedHere] = useState<number | null>(null);
  if (asked !== opened && asked !== createdHere) setOpened(asked);

  const blog = useQuery(blogQuery(blogId, viewerOf(session)));
  const draft = useQuery({ ...draftQuery(opened ?? 0), enabled: opened !== null });

  const repoUrl = blog.data?.git_repo_url || null;
  useEffect(() => {
    // Spec §8: a missing repository URL on the write page is only logged.
    if (blog.data && !repoUrl) console.error('The blog has no repository URL', blogId);
  }, [blog.data, repoUrl, blogId]);

  if (blog.isPending) return <EditorSkeleton />;
  if (blog.isError) return <p role="alert">{t.error({ message: blog.error.message })}</p>;

  const actor = session.status === 'in' ? session : null;
  if (!can(actor, 'blog.write', blog.data)) {
    return (
      <p role="alert">
        {t.membersOnly({ blog: blog.data.blog_name })}{' '}
        <Link to={`/blog/${blogId}`}>{t.backToBlog}</Link>
      </p>
    );
  }
  if (opened !== null && draft.isPending) return <EditorSkeleton />;
  if (opened !== null && (draft.isError || draft.data?.blogId !== blogId)) {
    return (
      <p role="alert">
        {t.draftGone} <Link to={`/blog/${blogId}/breakthrough/write`}>{t.startNew}</Link>
      </p>
    );
  }

  const created = (fresh: Draft) => {
    setCreatedHere(fresh.draftId);
    // A reload (or the browser restoring the tab) opens the same draft again.
    void navigate({ search: `?draft=${fresh.draftId}` }, { replace: true });
  };

  return (
    <>
      <p>
        {t.postingBefore}
        <Link to={`/blog/${blogId}`}>{blog.data.blog_name}</Link>
        {t.postingAfter}
      </p>
      {opened === null && actor && (
        <DraftOffer blogId={blogId} userId={actor.userId} except={createdHere} />
      )}
      <DraftForm
        key={opened ?? 'new'}
        blogId={blogId}
        draft={opened === null ? null : (draft.data ?? null)}
        initial={EMPTY}
        repoUrl={repoUrl}
        submitLabel={t.post}
        cancelTo={`/blog/${blogId}`}
        onCreated={created}
        onMissingFields={() => {
          // Spec §5: when title or body is missing this is only logged and nothing is sent.
          console.error(REQUIRED_FIELDS_ERROR);
          return null;
        }}
        failure={(detail) => (detail ? t.postFailed({ detail }) : null)}
        onPublished={() => void navigate(`/blog/${blogId}`)}
      />
    </>
  );
}
