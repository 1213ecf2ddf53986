import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { DropdownOption } from '../../../components/ui/dropdown-select';
import { i18n, params, useMessages } from '../../../i18n';
import { useSession } from '../../../lib/use-session';
import { reposQuery } from '../api/repos';
import { useCreateBlog } from '../api/save-blog';
import { saveErrorText } from '../lib/blog-form-rules';
import { BlogForm, type BlogFormSubmit } from './blog-form';
import { FormSkeleton } from './form-skeleton';

const messages = i18n('createBlog', {
  loadError: params('Error: {message}'),
  hasBlog: 'Has a blog',
  private: 'Private',
  submit: 'Create blog',
});

/** /workspace/makeblog: pick one of your GitHub repositories, name it, add contributors. */
export function CreateBlog() {
  const t = useMessages(messages);
  const session = useSession();
  const navigate = useNavigate();
  const repos = useQuery(reposQuery);
  const create = useCreateBlog();

  if (repos.isPending) return <FormSkeleton />;
  if (repos.isError) return <p role="alert">{t.loadError({ message: repos.error.message })}</p>;

  // One blog per repository: a repository that has one is shown, marked, and cannot be chosen.
  const options: DropdownOption[] = repos.data.repos.map((repo) => ({
    value: repo.html_url,
    label: repo.full_name,
    badge: repo.blogId !== null ? t.hasBlog : repo.private ? t.private : undefined,
    disabled: repo.blogId !== null,
  }));

  const submit = (values: BlogFormSubmit) => {
    create.mutate(
      {
        blogName: values.blogName.trim(),
        description: values.description.trim(),
        gitRepoUrl: values.gitRepoUrl,
        blogMember: values.contributors,
      },
      {
        onSuccess: (created) => void navigate(`/blog/${created.blog_id}`),
        onError: (error) => {
          const text = saveErrorText(error);
          if (text) window.alert(text);
        },
      },
    );
  };

  return (
    <BlogForm
      initial={{ blogName: '', description: '', gitRepoUrl: '', contributors: [] }}
      owner={session.status === 'in' ? session.userName : ''}
      repoOptions={options}
      repoNotice={repos.data.notice}
      repoLocked={false}
      verifyContributors
      submitLabel={t.submit}
      cancelTo="/workspace"
      pending={create.isPending}
      saved={create.isSuccess}
      onSubmit={submit}
    />
  );
}
