import { useQuery } from '@tanstack/react-query';
import { WorkspaceDrafts } from '../../features/editor/components/workspace-drafts';
import { myBlogsQuery } from '../../features/workspace/api/my-blogs';
import { WorkspaceBlogs } from '../../features/workspace/components/workspace-blogs';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /workspace: the blogs the signed-in user runs (spec §2), then their drafts. */
export function WorkspacePage() {
  useDocumentTitle('Workspace');
  const blogs = useQuery(myBlogsQuery);
  return (
    <main className="page">
      <title>Workspace · Repolog</title>
      <div className="container">
        <h1>Workspace</h1>
        <WorkspaceBlogs />
        <WorkspaceDrafts blogs={blogs.data ?? []} />
      </div>
    </main>
  );
}
