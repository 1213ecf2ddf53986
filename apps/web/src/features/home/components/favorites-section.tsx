import { Link } from 'react-router';
import { i18n, useMessages } from '../../../i18n';
import styles from './home.module.css';

const messages = i18n('favoritesSection', {
  title: 'List of Your fav Breakthroughs & Blogs',
  likedTitle: 'Breakthroughs what you liked',
  likedText: 'Every breakthrough you gave a heart.',
  followedTitle: 'Blogs you followed',
  followedText: 'The team blogs you added to your favorites.',
});

/** Signed-in readers' shortcuts to their liked breakthroughs and followed blogs (spec §2). */
export function FavoritesSection() {
  const t = useMessages(messages);
  return (
    <section className={styles.section} aria-labelledby="home-favorites">
      <h2 id="home-favorites" className={styles.sectionTitle}>
        {t.title}
      </h2>
      <div className={styles.favorites}>
        <Link to="/like/breakthrough" className={`${styles.favCard} ${styles.favLiked}`}>
          <span className={styles.favIcon} aria-hidden="true">
            ♥
          </span>
          <span className={styles.favTitle}>{t.likedTitle}</span>
          <span className={styles.favText}>{t.likedText}</span>
        </Link>
        <Link to="/follow/blog" className={`${styles.favCard} ${styles.favFollowed}`}>
          <span className={styles.favIcon} aria-hidden="true">
            ★
          </span>
          <span className={styles.favTitle}>{t.followedTitle}</span>
          <span className={styles.favText}>{t.followedText}</span>
        </Link>
      </div>
    </section>
  );
}
