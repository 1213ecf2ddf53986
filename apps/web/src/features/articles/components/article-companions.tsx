import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArticleList } from '../../../components/article-list';
import { i18n, params, useMessages } from '../../../i18n';
import { articleSeriesQuery, relatedQuery } from '../api/companions';
import styles from './article-companions.module.css';

const messages = i18n('articleCompanions', {
  part: params('Part {position} of {total} — {series}'),
  previous: 'Previous',
  next: 'Next',
  parts: 'All parts',
  related: 'Related breakthroughs',
});

/**
 * "Part 2 of 5 — {series}" with previous and next, and every part (the current one marked),
 * shown above the body when the breakthrough is part of a series; nothing otherwise.
 */
export function SeriesNav({ articleId }: { articleId: number }) {
  const t = useMessages(messages);
  const { data } = useQuery(articleSeriesQuery(articleId));
  const series = data?.series;
  if (!series) return null;
  const previous = series.parts[series.position - 2];
  const next = series.parts[series.position];
  const headingId = `series-${series.seriesId}`;
  return (
    <nav className={styles.series} aria-labelledby={headingId}>
      <p id={headingId} className={styles.seriesTitle}>
        <Link to={`/blog/${series.blogId}/series/${series.seriesId}`}>
          {t.part({ position: series.position, total: series.parts.length, series: series.name })}
        </Link>
      </p>
      <details className={styles.parts}>
        <summary>{t.parts}</summary>
        <ol>
          {series.parts.map((part) => (
            <li key={part.articleId}>
              {part.articleId === articleId ? (
                <span aria-current="page">{part.title}</span>
              ) : (
                <Link to={`/breakthrough/${part.articleId}`}>{part.title}</Link>
              )}
            </li>
          ))}
        </ol>
      </details>
      <div className={styles.steps}>
        {previous ? (
          <Link to={`/breakthrough/${previous.articleId}`} rel="prev" className={styles.step}>
            ← {t.previous}: {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link to={`/breakthrough/${next.articleId}`} rel="next" className={styles.step}>
            {t.next}: {next.title} →
          </Link>
        )}
      </div>
    </nav>
  );
}

/** Up to 5 related breakthroughs at the end of the article (stored when it was written). */
export function RelatedArticles({ articleId }: { articleId: number }) {
  const t = useMessages(messages);
  const { data } = useQuery(relatedQuery(articleId));
  if (!data || data.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby={`related-${articleId}`}>
      <h2 id={`related-${articleId}`} className={styles.relatedTitle}>
        {t.related}
      </h2>
      <ArticleList items={data} />
    </section>
  );
}
