import { FollowedBlogs } from '../../features/blogs/components/followed-blogs';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /follow/blog: the blogs the reader favorited. */
export function FollowedBlogsPage() {
  useDocumentTitle('Followed blogs');
  return (
    <main className="page">
      <div className="container">
        <FollowedBlogs />
      </div>
    </main>
  );
}
