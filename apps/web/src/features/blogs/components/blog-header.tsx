import type { Blog } from '@repolog/contract/blogs';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../../i18n';
import { island } from '../../../lib/island';
import styles from './blog-view.module.css';

// Only the owner sees the delete icon: its code (dialog, call) loads when it is shown.
const BlogDelete = lazy(() => import('./blog-delete').then((m) => ({ default: m.BlogDelete })));
// The star comes in the server's HTML; its code (the toggle) arrives in a chunk of its own and
// React hydrates it then (a click before that is replayed): an island (lib/island.tsx).
const FavoriteStar = island(
  () => import('./favorite-star').then((m) => m.FavoriteStar),
  <span className={`${styles.iconButton} ${styles.star}`} />,
);

const messages = i18n('blogHeader', {
  openRepository: 'Open the repository on GitHub',
  repository: 'Repository',
  editBlog: 'Edit blog',
});

interface BlogHeaderProps {
  blog: Blog;
  /** fav_button is the signed-in reader's own. */
  personal: boolean;
  official: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Name, favorite star, description, repository link and the members' edit/delete icons. */
export function BlogHeader({ blog, personal, official, canEdit, canDelete }: BlogHeaderProps) {
  const t = useMessages(messages);
  const showRepo = !official && /^https?:\/\//i.test(blog.git_repo_url);

  return (
    <header className={styles.header}>
      <div className={styles.headerTop}>
        <h1 className={styles.name}>{blog.blog_name}</h1>
        <FavoriteStar key={blog.blog_id} blog={blog} personal={personal} />
        <div className={styles.headerActions}>
          {showRepo && (
            <a
              href={blog.git_repo_url}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.iconButton}
              aria-label={t.openRepository}
              title={t.repository}
            >
              <svg
                viewBox="0 0 16 16"
                width="22"
                height="22"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z" />
              </svg>
            </a>
          )}
          {canEdit && (
            <Link
              to={`/blog/${blog.blog_id}/edit`}
              className={styles.iconButton}
              aria-label={t.editBlog}
              title={t.editBlog}
            >
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d="M12 20h9" />
                <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
              </svg>
            </Link>
          )}
          {canDelete && (
            <Suspense fallback={null}>
              <BlogDelete blog={blog} />
            </Suspense>
          )}
        </div>
      </div>
      <p className={styles.description}>{blog.description}</p>
    </header>
  );
}
