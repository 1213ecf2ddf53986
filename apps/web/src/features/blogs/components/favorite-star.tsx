import type { Blog } from '@repolog/contract/blogs';
import { i18n, useMessages } from '../../../i18n';
import { useFavorite } from '../hooks/use-favorite';
import styles from './blog-view.module.css';

const messages = i18n('favoriteStar', {
  label: 'Favorite this blog',
  remove: 'Remove from favorites',
  add: 'Add to favorites',
});

/** The favorite (follow) star of the blog header (spec §2, §4). */
export function FavoriteStar({
  blog,
  personal,
}: {
  blog: Pick<Blog, 'blog_id' | 'fav_button'>;
  /** fav_button is the signed-in reader's own (see useFavorite). */
  personal?: boolean;
}) {
  const t = useMessages(messages);
  const { favorite, pending, ready, toggle } = useFavorite(blog, personal);
  return (
    <button
      type="button"
      className={`${styles.iconButton} ${styles.star} ${favorite ? styles.starOn : ''}`}
      aria-pressed={favorite}
      aria-label={t.label}
      aria-busy={pending}
      disabled={!ready}
      title={favorite ? t.remove : t.add}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
          fill={favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
