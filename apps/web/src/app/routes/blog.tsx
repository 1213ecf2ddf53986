import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { BlogView } from '../../features/blogs/components/blog-view';

// Members only: its code comes when a member's page asks for it.
const DraftsInProgress = lazy(() =>
  import('../../features/editor/components/drafts-in-progress').then((m) => ({
    default: m.DraftsInProgress,
  })),
);

const draftsInProgress = (blogId: number) => (
  <Suspense fallback={null}>
    <DraftsInProgress blogId={blogId} />
  </Suspense>
);

/** /blog/{blogId}: a blog page. */
export function BlogPage() {
  const blogId = Number(useParams().blogId);
  return (
    <main className="page">
      <div className="container">
        <BlogView key={blogId} blogId={blogId} forMembers={draftsInProgress} />
      </div>
    </main>
  );
}
