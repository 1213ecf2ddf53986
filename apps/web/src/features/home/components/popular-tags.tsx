import { useQuery } from '@tanstack/react-query';
import type { TagCount } from '@repolog/contract/tags';
import { Link } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { api } from '../../../lib/api-client';
import styles from './home.module.css';

const messages = i18n('popularTags', {
  heading: 'Popular tags',
  count: params('{count} breakthroughs'),
});

/** GET /api/tags: the most used tags. */
const popularTagsQuery = {
  queryKey: ['tags', 'popular'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<TagCount[]>('/api/tags', { signal }),
};

/** The most used tags on /home, each a link to its page (loaded after the page runs). */
export function PopularTags() {
  const t = useMessages(messages);
  const { data } = useQuery(popularTagsQuery);
  if (!data || data.length === 0) return null;
  return (
    <section className={styles.tags} aria-labelledby="popular-tags">
      <h2 id="popular-tags">{t.heading}</h2>
      <ul>
        {data.map((tag) => (
          <li key={tag.name}>
            <Link to={`/tag/${encodeURIComponent(tag.name)}`} title={t.count({ count: tag.count })}>
              #{tag.name} <span aria-hidden="true">{tag.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
