import { FollowedBlogs } from '../../features/blogs/components/followed-blogs';
import { i18n, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('followedBlogsPage', { title: 'Followed blogs' });

/** /follow/blog: the blogs the reader favorited. */
export function FollowedBlogsPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className="container">
        <FollowedBlogs />
      </div>
    </main>
  );
}
