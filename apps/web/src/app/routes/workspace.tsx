import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { WorkspaceDrafts } from '../../features/editor/components/workspace-drafts';
import { myBlogsQuery } from '../../features/workspace/api/my-blogs';
import { WorkspaceBlogs } from '../../features/workspace/components/workspace-blogs';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('workspacePage', { title: 'Workspace', stats: 'Stats of your blogs' });

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
        <p>
          <Link to="/workspace/stats">{t.stats}</Link>
        </p>
        <WorkspaceBlogs />
        <WorkspaceDrafts blogs={blogs.data ?? []} />
      </div>
    </main>
  );
}
