import { useQuery } from '@tanstack/react-query';
import { DEVELOPER_BLOG_IDS } from '@repolog/contract/constants';
import { i18n, params, useMessages } from '../../../i18n';
import { blogQuery } from '../../../lib/blog-record';
import { BlogCardList } from './blog-card-list';
import styles from './blog-view.module.css';

const [FIRST_ID, SECOND_ID] = DEVELOPER_BLOG_IDS;

const messages = i18n('developerBlogs', {
  title: "Developers' Blog",
  loadError: params('Error loading blogs: {message}'),
});

/**
 * The official blog's left column: the developer blogs 32 and 38 (spec §2). Their names and
 * descriptions are the same for every reader, so the visitor's view is asked for.
 */
export function DeveloperBlogs() {
  const t = useMessages(messages);
  // Two fixed blogs: two queries (useQueries would add its own observer code to the page).
  const first = useQuery(blogQuery(FIRST_ID, null));
  const second = useQuery(blogQuery(SECOND_ID, null));
  const results = [first, second];
  const failed = results.find((result) => result.error)?.error;
  const blogs = results.flatMap((result) => (result.data ? [result.data] : []));

  return (
    <section className={styles.panel} aria-labelledby="developer-blogs">
      <h2 id="developer-blogs" className={styles.panelTitle}>
        {t.title}
      </h2>
      {failed ? (
        <p role="alert" className={styles.muted}>
          {t.loadError({ message: failed.message })}
        </p>
      ) : results.some((result) => result.isPending) ? (
        <div className={styles.cardsSkeleton} aria-busy="true" />
      ) : (
        <BlogCardList compact blogs={blogs} />
      )}
    </section>
  );
}
