import { FollowedBlogs } from '../../features/blogs/components/followed-blogs';

/** /follow/blog: the blogs the reader favorited. */
export function FollowedBlogsPage() {
  return (
    <main className="page">
      <div className="container">
        <FollowedBlogs />
      </div>
    </main>
  );
}
