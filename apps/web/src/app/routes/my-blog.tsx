import { useParams } from 'react-router';
import { BlogView } from '../../features/blogs/components/blog-view';

/** /workspace/myblog/{blog_id}: the same blog view, reached from the workspace. */
export function MyBlogPage() {
  const blogId = Number(useParams().blog_id);
  return (
    <main className="page">
      <div className="container">
        <BlogView key={blogId} blogId={blogId} />
      </div>
    </main>
  );
}
