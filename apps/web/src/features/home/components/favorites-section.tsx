import { Link } from 'react-router';
import styles from './home.module.css';

/** Signed-in readers' shortcuts to their liked breakthroughs and followed blogs (spec §2). */
export function FavoritesSection() {
  return (
    <section className={styles.section} aria-labelledby="home-favorites">
      <h2 id="home-favorites" className={styles.sectionTitle}>
        List of Your fav Breakthroughs &amp; Blogs
      </h2>
      <div className={styles.favorites}>
        <Link to="/like/breakthrough" className={`${styles.favCard} ${styles.favLiked}`}>
          <span className={styles.favIcon} aria-hidden="true">
            ♥
          </span>
          <span className={styles.favTitle}>Breakthroughs what you liked</span>
          <span className={styles.favText}>Every breakthrough you gave a heart.</span>
        </Link>
        <Link to="/follow/blog" className={`${styles.favCard} ${styles.favFollowed}`}>
          <span className={styles.favIcon} aria-hidden="true">
            ★
          </span>
          <span className={styles.favTitle}>Blogs you followed</span>
          <span className={styles.favText}>The team blogs you added to your favorites.</span>
        </Link>
      </div>
    </section>
  );
}
