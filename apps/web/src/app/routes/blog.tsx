import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { BlogView } from '../../features/blogs/components/blog-view';

// Members only: its code comes when a member's page asks for it.
const DraftsInProgress = lazy(() =>
  import('../../features/editor/components/drafts-in-progress').then((m) => ({
    default: m.DraftsInProgress,
  })),
);

// The blog's series are not in the server's HTML: their code and list load once the page runs.
const BlogSeries = lazy(() =>
  import('../../features/series/components/blog-series').then((m) => ({
    default: m.BlogSeries,
  })),
);

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

const draftsInProgress = (blogId: number) => (
  <Suspense fallback={null}>
    <DraftsInProgress blogId={blogId} />
  </Suspense>
);

/** /blog/{blogId}: a blog page. */
export function BlogPage() {
  const blogId = Number(useParams().blogId);
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return (
    <main className="page">
      <div className="container">
        <BlogView key={blogId} blogId={blogId} forMembers={draftsInProgress} />
        {hydrated && Number.isSafeInteger(blogId) && blogId > 0 && (
          <Suspense fallback={null}>
            <BlogSeries blogId={blogId} />
          </Suspense>
        )}
      </div>
    </main>
  );
}
