import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth/hooks/use-session';
import { followedBlogsQuery } from '../api/followed-blogs';
import { BlogCardList } from './blog-card-list';
import styles from './followed-blogs.module.css';

/** /follow/blog: the blogs the reader favorited; nothing at all for visitors (spec §2). */
export function FollowedBlogs() {
  const session = useSession();
  const { data, error, isPending } = useQuery({
    ...followedBlogsQuery,
    enabled: session.status === 'in',
  });
  if (session.status !== 'in') return null;

  return (
    <div className={styles.wrap}>
      <h1 className={styles.title}>Blogs you followed</h1>
      {isPending ? (
        <div className={styles.skeleton} aria-busy="true" />
      ) : error ? (
        <p role="alert" className={styles.message}>
          Error loading blogs: {error.message}
        </p>
      ) : data.length === 0 ? (
        <p className={styles.message}>You have not followed any blogs yet.</p>
      ) : (
        <BlogCardList blogs={data} />
      )}
    </div>
  );
}
