import { useQuery } from '@tanstack/react-query';
import { can } from '@repolog/contract/permissions';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { blogQuery } from '../api/blog';
import { useUpdateBlog } from '../api/save-blog';
import { repoFullName, sameLogin, saveErrorText } from '../lib/blog-form-rules';
import { BlogForm, type BlogFormSubmit } from './blog-form';
import { FormSkeleton } from './form-skeleton';

/** /blog/{blogId}/edit: the blog's members change its name, description and contributors. */
export function EditBlog({ blogId }: { blogId: number }) {
  const session = useSession();
  const navigate = useNavigate();
  const blog = useQuery(blogQuery(blogId));
  const update = useUpdateBlog(blogId);

  if (blog.isPending) return <FormSkeleton />;
  if (blog.isError) return <p role="alert">Error: {blog.error.message}</p>;

  const record = blog.data;
  const actor = session.status === 'in' ? session : null;
  if (!can(actor, 'blog.edit', record)) {
    return (
      <p role="alert">
        Only members of {record.blog_name} can edit this blog.{' '}
        <Link to={`/blog/${blogId}`}>Back to the blog</Link>
      </p>
    );
  }

  const submit = (values: BlogFormSubmit) => {
    update.mutate(
      {
        blogName: values.blogName.trim(),
        description: values.description.trim(),
        gitRepoUrl: record.git_repo_url,
        blogMember: [record.owner, ...values.contributors],
      },
      {
        onSuccess: () => void navigate(`/blog/${blogId}`),
        onError: (error) => {
          const text = saveErrorText(error);
          if (text) window.alert(text);
        },
      },
    );
  };

  return (
    <BlogForm
      initial={{
        blogName: record.blog_name,
        description: record.description,
        gitRepoUrl: record.git_repo_url,
        contributors: record.members.filter((member) => !sameLogin(member, record.owner)),
      }}
      owner={record.owner}
      repoOptions={[{ value: record.git_repo_url, label: repoFullName(record.git_repo_url) }]}
      repoLocked
      verifyContributors={false}
      submitLabel="Save changes"
      cancelTo={`/blog/${blogId}`}
      pending={update.isPending}
      saved={update.isSuccess}
      onSubmit={submit}
    />
  );
}
