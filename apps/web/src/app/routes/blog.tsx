import { useParams } from 'react-router';
import { BlogView } from '../../features/blogs/components/blog-view';

/** /blog/{blogId}: a blog page. */
export function BlogPage() {
  const blogId = Number(useParams().blogId);
  return (
    <main className="page">
      <div className="container">
        <BlogView key={blogId} blogId={blogId} />
      </div>
    </main>
  );
}
