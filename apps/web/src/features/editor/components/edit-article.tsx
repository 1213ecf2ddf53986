import { refKey, type RepoRef } from '@repolog/contract/repo-import';
import { useQuery } from '@tanstack/react-query';
import type { Article } from '@repolog/contract/articles';
import type { Blog } from '@repolog/contract/blogs';
import { findLanguage } from '@repolog/contract/languages';
import { can } from '@repolog/contract/permissions';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { i18n, useMessages } from '../../../i18n';
import { formatTimeAgo } from '../../../lib/time-ago';
import { articleQuery, memberRepoRefsQuery } from '../../../lib/article-record';
import { blogQuery } from '../../../lib/blog-record';
import { useSession, viewerOf } from '../../../lib/use-session';
import { useUpdateArticle } from '../api/article';
import { blogDraftsQuery, draftQuery } from '../api/drafts';
import {
  articleBody,
  formRulesMessages,
  missesRequiredField,
  serverDetail,
  type ArticleFormValues,
} from '../lib/article-form-rules';
import { ArticleForm } from './article-form';
import { DraftForm } from './draft-form';
import styles from './draft-status.module.css';
import { EditorSkeleton } from './editor-skeleton';

const messages = i18n('editArticle', {
  authorsOnly: 'Only the author and co-authors of this breakthrough can edit it.',
  backToArticle: 'Back to the breakthrough',
  /** Around the link to the blog: 'In <blog>'. */
  inBefore: 'In ',
  inAfter: '',
  /** Around how long ago the unsaved changes were made. */
  resumedBefore: 'Your unsaved changes from ',
  resumedAfter: ' are back in the form. Cancel throws them away.',
  save: 'Save changes',
});

/** A reference as the form holds it ('' for none). */
const keyOf = (ref: RepoRef | null): string => (ref ? refKey(ref) : '');

/** Shown when saving failed (called as it fails: the texts of the language shown then). */
const updateFailure = (detail: string | null): ReactNode => (
  <>
    <p>{formRulesMessages.get().updateFailed}</p>
    {detail && <p>{detail}</p>}
  </>
);

/**
 * /breakthrough/{articleId}/edit: the author changes a breakthrough. Their pending changes are
 * saved as a draft of it as they type: Edit resumes them, Cancel throws them away.
 */
export function EditArticle({ articleId }: { articleId: number }) {
  const t = useMessages(messages);
  const rules = useMessages(formRulesMessages);
  const session = useSession();
  const navigate = useNavigate();
  // Always start editing from the saved version.
  const article = useQuery({ ...articleQuery(articleId, viewerOf(session)), staleTime: 0 });
  const blogId = article.data?.blogId;
  // The repository URL (for the problem and solution options) comes from the article's blog.
  const blog = useQuery({
    ...blogQuery(blogId ?? 0, viewerOf(session)),
    enabled: blogId !== undefined,
  });
  const actor = session.status === 'in' ? session : null;
  // Drafts live with the blog's members; an author who left the blog edits without one.
  const member = blog.data !== undefined && can(actor, 'blog.write', blog.data);
  const drafts = useQuery({ ...blogDraftsQuery(blogId ?? 0), enabled: member });
  const pending = drafts.data?.find((draft) => draft.articleId === articleId);
  const draft = useQuery({ ...draftQuery(pending?.draftId ?? 0), enabled: Boolean(pending) });
  // A private repository's references are left out of the shared answer: a member reads them
  // in their own, so the pickers show the chosen items and saving keeps them.
  const shown = article.data;
  const refsHidden =
    shown !== undefined &&
    shown.problemRef === null &&
    shown.solutionRef === null &&
    Boolean(shown.problem || shown.solution);
  const memberRefs = useQuery({
    ...memberRepoRefsQuery(articleId, actor?.userId ?? 0),
    staleTime: 0,
    enabled: member && refsHidden && actor !== null,
  });

  if (article.isPending) return <EditorSkeleton />;
  if (article.isError) {
    console.error(article.error);
    return <p role="alert">{rules.loadFailed}</p>;
  }
  if (blog.isPending) return <EditorSkeleton />;

  const data = article.data;
  // The edit rule looks at the author only; an unloadable blog leaves just the options empty.
  const blogResource = blog.data ?? { members: [], owner: '' };
  const coauthorIds = data.coauthors.map((coauthor) => coauthor.userId);
  if (!can(actor, 'article.edit', { userId: data.userId, blog: blogResource, coauthorIds })) {
    return (
      <p role="alert">
        {t.authorsOnly} <Link to={`/breakthrough/${articleId}`}>{t.backToArticle}</Link>
      </p>
    );
  }

  const initial: ArticleFormValues = {
    title: data.title,
    content: data.content,
    about: findLanguage(data.about ?? '') ?? '',
    problem: data.problem ?? '',
    solution: data.solution ?? '',
    problemRef: keyOf(data.problemRef ?? memberRefs.data?.problemRef ?? null),
    solutionRef: keyOf(data.solutionRef ?? memberRefs.data?.solutionRef ?? null),
    tags: data.tags,
  };
  const header = (
    <p>
      {t.inBefore}
      <Link to={`/blog/${data.blogId}`}>{data.blogName}</Link>
      {t.inAfter}
    </p>
  );
  if (!member) {
    return (
      <>
        {header}
        <DirectEdit article={data} initial={initial} repoUrl={blog.data?.git_repo_url || null} />
      </>
    );
  }
  if (drafts.isPending || (pending && draft.isPending) || (refsHidden && memberRefs.isPending)) {
    return <EditorSkeleton />;
  }
  const resumed = pending ? (draft.data ?? null) : null;

  return (
    <>
      {header}
      {resumed && (
        <p className={styles.resumed} role="status">
          {t.resumedBefore}
          <time dateTime={resumed.updatedAt}>{formatTimeAgo(resumed.updatedAt)}</time>
          {t.resumedAfter}
        </p>
      )}
      <DraftForm
        blogId={data.blogId}
        articleId={articleId}
        draft={resumed}
        initial={initial}
        repoUrl={blog.data?.git_repo_url || null}
        submitLabel={t.save}
        cancelTo={`/breakthrough/${articleId}`}
        onDiscarded={() => void navigate(`/breakthrough/${articleId}`)}
        onMissingFields={() => rules.requiredFields}
        failure={updateFailure}
        onPublished={() => void navigate(`/blog/${data.blogId}`)}
      />
    </>
  );
}

/** The edit form without a draft: saved only when the author presses Save changes. */
function DirectEdit({
  article,
  initial,
  repoUrl,
}: {
  article: Article;
  initial: ArticleFormValues;
  repoUrl: Blog['git_repo_url'] | null;
}) {
  const t = useMessages(messages);
  const rules = useMessages(formRulesMessages);
  const navigate = useNavigate();
  const update = useUpdateArticle(article.articleId);
  const [error, setError] = useState<ReactNode>(null);

  const submit = (values: ArticleFormValues) => {
    if (missesRequiredField(values)) {
      setError(rules.requiredFields);
      return;
    }
    setError(null);
    update.mutate(
      { blogId: article.blogId, ...articleBody(values) },
      {
        onSuccess: () => void navigate(`/blog/${article.blogId}`),
        onError: (failure) => {
          console.error('updating the breakthrough failed', failure);
          setError(updateFailure(serverDetail(failure)));
        },
      },
    );
  };

  return (
    <ArticleForm
      blogId={article.blogId}
      initial={initial}
      repoUrl={repoUrl}
      submitLabel={t.save}
      cancelTo={`/breakthrough/${article.articleId}`}
      pending={update.isPending}
      saved={update.isSuccess}
      error={error}
      onSubmit={submit}
    />
  );
}
