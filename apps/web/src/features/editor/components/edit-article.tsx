import { useQuery } from '@tanstack/react-query';
import { findLanguage } from '@repolog/contract/languages';
import { can } from '@repolog/contract/permissions';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { articleForEditQuery, useUpdateArticle } from '../api/article';
import { blogForEditorQuery } from '../api/blog-of-article';
import {
  articleBody,
  LOAD_FAILED_ERROR,
  missesRequiredField,
  REQUIRED_FIELDS_ERROR,
  serverDetail,
  UPDATE_FAILED_ERROR,
  type ArticleFormValues,
} from '../lib/article-form-rules';
import { ArticleForm } from './article-form';
import { EditorSkeleton } from './editor-skeleton';

/** /breakthrough/{articleId}/edit: the author changes a breakthrough. */
export function EditArticle({ articleId }: { articleId: number }) {
  const session = useSession();
  const navigate = useNavigate();
  const article = useQuery(articleForEditQuery(articleId));
  const blogId = article.data?.blogId;
  // The repository URL (for the problem and solution options) comes from the article's blog.
  const blog = useQuery({ ...blogForEditorQuery(blogId ?? 0), enabled: blogId !== undefined });
  const update = useUpdateArticle(articleId);
  const [error, setError] = useState<ReactNode>(null);

  if (article.isPending) return <EditorSkeleton />;
  if (article.isError) {
    console.error(article.error);
    return <p role="alert">{LOAD_FAILED_ERROR}</p>;
  }

  if (blog.isPending) return <EditorSkeleton />;

  const data = article.data;
  const actor = session.status === 'in' ? session : null;
  // The edit rule looks at the author only; an unloadable blog leaves just the options empty.
  const blogResource = blog.data ?? { members: [], owner: '' };
  if (!can(actor, 'article.edit', { userId: data.userId, blog: blogResource })) {
    return (
      <p role="alert">
        Only the author of this breakthrough can edit it.{' '}
        <Link to={`/breakthrough/${articleId}`}>Back to the breakthrough</Link>
      </p>
    );
  }
  const submit = (values: ArticleFormValues) => {
    if (missesRequiredField(values)) {
      setError(REQUIRED_FIELDS_ERROR);
      return;
    }
    setError(null);
    update.mutate(
      { blogId: data.blogId, ...articleBody(values) },
      {
        onSuccess: () => void navigate(`/blog/${data.blogId}`),
        onError: (failure) => {
          console.error('updating the breakthrough failed', failure);
          const detail = serverDetail(failure);
          setError(
            <>
              <p>{UPDATE_FAILED_ERROR}</p>
              {detail && <p>{detail}</p>}
            </>,
          );
        },
      },
    );
  };

  return (
    <>
      <p>
        In <Link to={`/blog/${data.blogId}`}>{data.blogName}</Link>
      </p>
      <ArticleForm
        initial={{
          title: data.title,
          content: data.content,
          about: findLanguage(data.about ?? '') ?? '',
          problem: data.problem ?? '',
          solution: data.solution ?? '',
        }}
        repoUrl={blog.data?.git_repo_url || null}
        submitLabel="Save changes"
        cancelTo={`/breakthrough/${articleId}`}
        pending={update.isPending}
        saved={update.isSuccess}
        error={error}
        onSubmit={submit}
      />
    </>
  );
}
