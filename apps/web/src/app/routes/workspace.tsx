import { WorkspaceBlogs } from '../../features/workspace/components/workspace-blogs';

/** /workspace: the blogs the signed-in user runs (spec §2). */
export function WorkspacePage() {
  return (
    <main className="page">
      <title>Workspace · Repolog</title>
      <div className="container">
        <h1>Workspace</h1>
        <WorkspaceBlogs />
      </div>
    </main>
  );
}
