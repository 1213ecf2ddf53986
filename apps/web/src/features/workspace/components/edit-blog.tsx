import { useQuery } from '@tanstack/react-query';
import { can } from '@repolog/contract/permissions';
import { Link, useNavigate } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { blogQuery } from '../../../lib/blog-record';
import { useSession, viewerOf } from '../../../lib/use-session';
import { useUpdateBlog } from '../api/save-blog';
import { repoFullName, sameLogin, saveErrorText } from '../lib/blog-form-rules';
import { BlogForm, type BlogFormSubmit } from './blog-form';
import { FormSkeleton } from './form-skeleton';

const messages = i18n('editBlog', {
  loadError: params('Error: {message}'),
  membersOnly: params('Only members of {name} can edit this blog.'),
  back: 'Back to the blog',
  submit: 'Save changes',
});

/** /blog/{blogId}/edit: the blog's members change its name, description and contributors. */
export function EditBlog({ blogId }: { blogId: number }) {
  const t = useMessages(messages);
  const session = useSession();
  const navigate = useNavigate();
  const blog = useQuery(blogQuery(blogId, viewerOf(session)));
  const update = useUpdateBlog(blogId);

  if (blog.isPending) return <FormSkeleton />;
  if (blog.isError) return <p role="alert">{t.loadError({ message: blog.error.message })}</p>;

  const record = blog.data;
  const actor = session.status === 'in' ? session : null;
  if (!can(actor, 'blog.edit', record)) {
    return (
      <p role="alert">
        {t.membersOnly({ name: record.blog_name })} <Link to={`/blog/${blogId}`}>{t.back}</Link>
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
      submitLabel={t.submit}
      cancelTo={`/blog/${blogId}`}
      pending={update.isPending}
      saved={update.isSuccess}
      onSubmit={submit}
    />
  );
}
