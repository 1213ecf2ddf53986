import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { i18n, params, useMessages } from '../../../i18n';
import { myBlogsQuery } from '../api/my-blogs';
import styles from './workspace-blogs.module.css';

const messages = i18n('workspaceBlogs', {
  running: 'You are currently running these blogs.',
  empty: 'Add your project members and transform GitHub repository into tech blog',
  loading: 'Loading your blogs…',
  loadError: params('Error: {message}'),
  create: 'create a new tech blog',
});

/** The blogs the user runs as tiles plus an add tile; an invitation to start one when none. */
export function WorkspaceBlogs() {
  const t = useMessages(messages);
  const blogs = useQuery(myBlogsQuery);

  if (blogs.isPending) {
    return (
      <section aria-busy="true">
        <span className="visually-hidden" role="status">
          {t.loading}
        </span>
        <div className={styles.headingSkeleton} />
        <ul className={styles.grid}>
          {[0, 1, 2].map((key) => (
            <li key={key} className={`${styles.tile} ${styles.skeleton}`} />
          ))}
        </ul>
      </section>
    );
  }
  if (blogs.isError) return <p role="alert">{t.loadError({ message: blogs.error.message })}</p>;

  if (blogs.data.length === 0) {
    return (
      <section className={styles.empty}>
        <p className={styles.emptyText}>{t.empty}</p>
        <ButtonLink to="/workspace/makeblog">{t.create}</ButtonLink>
      </section>
    );
  }

  return (
    <section aria-labelledby="workspace-running">
      <h2 id="workspace-running" className={styles.heading}>
        {t.running}
      </h2>
      <ul className={styles.grid}>
        {blogs.data.map((blog) => (
          <li key={blog.blogId}>
            <Link to={`/blog/${blog.blogId}`} className={styles.tile}>
              <h3 className={`${styles.name} clamp-2`}>{blog.blogName}</h3>
              <p className={`${styles.description} clamp-2`}>{blog.description}</p>
            </Link>
          </li>
        ))}
        <li>
          <Link to="/workspace/makeblog" className={`${styles.tile} ${styles.add}`}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="visually-hidden">{t.create}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
