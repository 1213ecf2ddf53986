import { useQueries } from '@tanstack/react-query';
import { DEVELOPER_BLOG_IDS } from '@repolog/contract/constants';
import { blogQuery } from '../api/blog';
import { BlogCardList } from './blog-card-list';
import styles from './blog-view.module.css';

/** The official blog's left column: the developer blogs 32 and 38 (spec §2). */
export function DeveloperBlogs() {
  const results = useQueries({ queries: DEVELOPER_BLOG_IDS.map((id) => blogQuery(id)) });
  const failed = results.find((result) => result.error)?.error;
  const blogs = results.flatMap((result) => (result.data ? [result.data] : []));

  return (
    <section className={styles.panel} aria-labelledby="developer-blogs">
      <h2 id="developer-blogs" className={styles.panelTitle}>
        Developers' Blog
      </h2>
      {failed ? (
        <p role="alert" className={styles.muted}>
          Error loading blogs: {failed.message}
        </p>
      ) : results.some((result) => result.isPending) ? (
        <div className={styles.cardsSkeleton} aria-busy="true" />
      ) : (
        <BlogCardList compact blogs={blogs} />
      )}
    </section>
  );
}
