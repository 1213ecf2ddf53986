import { useQuery } from '@tanstack/react-query';
import { i18n, params, useMessages } from '../../../i18n';
import { useSession } from '../../../lib/use-session';
import { followedBlogsQuery } from '../api/followed-blogs';
import { BlogCardList } from './blog-card-list';
import styles from './followed-blogs.module.css';

const messages = i18n('followedBlogs', {
  title: 'Blogs you followed',
  loadError: params('Error loading blogs: {message}'),
  empty: 'You have not followed any blogs yet.',
});

/** /follow/blog: the blogs the reader favorited; nothing at all for visitors (spec §2). */
export function FollowedBlogs() {
  const t = useMessages(messages);
  const session = useSession();
  const { data, error, isPending } = useQuery({
    ...followedBlogsQuery,
    enabled: session.status === 'in',
  });
  if (session.status !== 'in') return null;

  return (
    <div className={styles.wrap}>
      <h1 className={styles.title}>{t.title}</h1>
      {isPending ? (
        <div className={styles.skeleton} aria-busy="true" />
      ) : error ? (
        <p role="alert" className={styles.message}>
          {t.loadError({ message: error.message })}
        </p>
      ) : data.length === 0 ? (
        <p className={styles.message}>{t.empty}</p>
      ) : (
        <BlogCardList blogs={data} />
      )}
    </div>
  );
}
