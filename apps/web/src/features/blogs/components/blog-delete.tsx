import type { Blog } from '@repolog/contract/blogs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { i18n, useMessages } from '../../../i18n';
import { useDeleteBlog } from '../api/delete-blog';
import { blogTexts } from './blog-texts';
import styles from './blog-view.module.css';

const messages = i18n('blogDelete', {
  deleteBlog: 'Delete blog',
  confirmBody: 'Its breakthroughs and comments will be deleted too.',
  yes: 'Yes',
  no: 'No',
});

/** The owner's delete icon and its confirmation (spec §2, §4, §8). */
export function BlogDelete({ blog }: { blog: Pick<Blog, 'blog_id'> }) {
  const t = useMessages(messages);
  const texts = useMessages(blogTexts);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const removal = useDeleteBlog(blog.blog_id, {
    onSuccess: () => {
      window.alert(blogTexts.get().deleted);
      void navigate('/workspace');
    },
    onError: (error) => {
      console.error('deleting the blog failed', error);
      setConfirming(false);
      window.alert(blogTexts.get().deleteFailed);
    },
  });

  return (
    <>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.danger}`}
        aria-label={t.deleteBlog}
        title={t.deleteBlog}
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
      {confirming && (
        <ConfirmDialog
          title={texts.deleteConfirm}
          body={t.confirmBody}
          confirmLabel={t.yes}
          cancelLabel={t.no}
          busy={removal.isPending}
          onConfirm={() => removal.mutate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
