import { useQueryClient } from '@tanstack/react-query';
import type { Blog } from '@repolog/contract/blogs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { deleteBlog } from '../api/blog';
import { BLOG_DELETE_FAILED, BLOG_DELETED, DELETE_BLOG_CONFIRM } from './blog-texts';
import { FavoriteStar } from './favorite-star';
import styles from './blog-view.module.css';

interface BlogHeaderProps {
  blog: Blog;
  official: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Name, favorite star, description, repository link and the members' edit/delete icons. */
export function BlogHeader({ blog, official, canEdit, canDelete }: BlogHeaderProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const showRepo = !official && /^https?:\/\//i.test(blog.git_repo_url);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteBlog(blog.blog_id);
    } catch (error) {
      console.error('deleting the blog failed', error);
      setBusy(false);
      setConfirming(false);
      window.alert(BLOG_DELETE_FAILED);
      return;
    }
    queryClient.removeQueries({ queryKey: ['blogs', 'detail', blog.blog_id] });
    void queryClient.invalidateQueries({ queryKey: ['blogs'] });
    void queryClient.invalidateQueries({ queryKey: ['articles'] });
    window.alert(BLOG_DELETED);
    void navigate('/workspace');
  };

  return (
    <header className={styles.header}>
      <div className={styles.headerTop}>
        <h1 className={styles.name}>{blog.blog_name}</h1>
        <FavoriteStar key={blog.blog_id} blog={blog} />
        <div className={styles.headerActions}>
          {showRepo && (
            <a
              href={blog.git_repo_url}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.iconButton}
              aria-label="Open the repository on GitHub"
              title="Repository"
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
              aria-label="Edit blog"
              title="Edit blog"
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
            <button
              type="button"
              className={`${styles.iconButton} ${styles.danger}`}
              aria-label="Delete blog"
              title="Delete blog"
              onClick={() => setConfirming(true)}
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
                <path d="M3 6h18" />
                <path d="M8 6V4h8v2" />
                <path d="M19 6l-1 14H6L5 6" />
                <path d="M10 11v6M14 11v6" />
              </svg>
            </button>
          )}
        </div>
      </div>
      <p className={styles.description}>{blog.description}</p>
      {confirming && (
        <ConfirmDialog
          title={DELETE_BLOG_CONFIRM}
          body="Its breakthroughs and comments will be deleted too."
          confirmLabel="Yes"
          cancelLabel="No"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </header>
  );
}
