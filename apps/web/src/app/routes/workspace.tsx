import { useQuery } from '@tanstack/react-query';
import { WorkspaceDrafts } from '../../features/editor/components/workspace-drafts';
import { myBlogsQuery } from '../../features/workspace/api/my-blogs';
import { WorkspaceBlogs } from '../../features/workspace/components/workspace-blogs';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('workspacePage', { title: 'Workspace' });

/** /workspace: the blogs the signed-in user runs (spec §2), then their drafts. */
export function WorkspacePage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const blogs = useQuery(myBlogsQuery);
  return (
    <main className="page">
      <title>{`${t.title} · Repolog`}</title>
      <div className="container">
        <h1>{t.title}</h1>
        <WorkspaceBlogs />
        <WorkspaceDrafts blogs={blogs.data ?? []} />
      </div>
    </main>
  );
}
