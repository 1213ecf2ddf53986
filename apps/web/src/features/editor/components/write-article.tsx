import { useQuery } from '@tanstack/react-query';
import { can } from '@repolog/contract/permissions';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { useCreateArticle } from '../api/article';
import { blogForEditorQuery } from '../api/blog-of-article';
import {
  articleBody,
  missesRequiredField,
  REQUIRED_FIELDS_ERROR,
  serverDetail,
  type ArticleFormValues,
} from '../lib/article-form-rules';
import { ArticleForm } from './article-form';
import { EditorSkeleton } from './editor-skeleton';

const EMPTY: ArticleFormValues = { title: '', content: '', about: '', problem: '', solution: '' };

/** /blog/{blogId}/breakthrough/write: a member posts a breakthrough to the blog. */
export function WriteArticle({ blogId }: { blogId: number }) {
  const session = useSession();
  const navigate = useNavigate();
  const blog = useQuery(blogForEditorQuery(blogId));
  const create = useCreateArticle();
  const [error, setError] = useState<string | null>(null);

  const repoUrl = blog.data?.git_repo_url || null;
  useEffect(() => {
    // Spec §8: a missing repository URL on the write page is only logged.
    if (blog.data && !repoUrl) console.error('The blog has no repository URL', blogId);
  }, [blog.data, repoUrl, blogId]);

  if (blog.isPending) return <EditorSkeleton />;
  if (blog.isError) return <p role="alert">Error: {blog.error.message}</p>;

  const actor = session.status === 'in' ? session : null;
  if (!can(actor, 'blog.write', blog.data)) {
    return (
      <p role="alert">
        Only members of {blog.data.blog_name} can write breakthroughs in it.{' '}
        <Link to={`/blog/${blogId}`}>Back to the blog</Link>
      </p>
    );
  }

  const submit = (values: ArticleFormValues) => {
    // Spec §5: when title or body is missing this is only logged and nothing is sent.
    if (missesRequiredField(values)) {
      console.error(REQUIRED_FIELDS_ERROR);
      return;
    }
    setError(null);
    create.mutate(
      { blogId, ...articleBody(values) },
      {
        onSuccess: () => void navigate(`/blog/${blogId}`),
        onError: (failure) => {
          console.error('posting the breakthrough failed', failure);
          const detail = serverDetail(failure);
          if (detail) setError(`Failed to post the breakthrough: ${detail}`);
        },
      },
    );
  };

  return (
    <>
      <p>
        Posting to <Link to={`/blog/${blogId}`}>{blog.data.blog_name}</Link>
      </p>
      <ArticleForm
        initial={EMPTY}
        repoUrl={repoUrl}
        submitLabel="Post"
        cancelTo={`/blog/${blogId}`}
        pending={create.isPending}
        saved={create.isSuccess}
        error={error}
        onSubmit={submit}
      />
    </>
  );
}
