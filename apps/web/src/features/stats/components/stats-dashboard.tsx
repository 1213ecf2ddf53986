import { useQuery } from '@tanstack/react-query';
import type { Stats, StatsPeriod } from '@repolog/contract/stats';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { statsQuery, type StatsTarget } from '../api/stats';
import { StatsChart } from './stats-chart';
import styles from './stats.module.css';

const messages = i18n('statsDashboard', {
  period: 'Period',
  days: params('{days} days'),
  loading: 'Loading the stats…',
  views: 'Views',
  reads: 'Reads',
  readRatio: 'Read ratio',
  likes: 'Likes',
  comments: 'Comments',
  favorites: 'Favorites',
  botViews: 'Bot views (not counted as readers)',
  readersChart: 'Views and reads per day',
  reactionsChart: 'Likes, comments and favorites per day',
  referrers: 'Where readers came from',
  domain: 'Domain',
  direct: 'Direct or unknown',
  other: 'Other',
  noReferrers: 'No views in this period yet.',
  top: 'Most read breakthroughs',
  noTop: 'No breakthrough was viewed in this period yet.',
  breakthrough: 'Breakthrough',
});

/** The periods the API answers (the contract's STATS_PERIODS; the web imports only its types). */
const STATS_PERIODS = [7, 30, 365] as const satisfies readonly StatsPeriod[];

const sum = (stats: Stats, field: 'views' | 'reads' | 'likes' | 'comments' | 'favorites') =>
  stats.days.reduce((total, day) => total + day[field], 0);

/** A blog's or a breakthrough's stats over 7, 30 or 365 days, for the blog's members. */
export function StatsDashboard({ target }: { target: StatsTarget }) {
  const t = useMessages(messages);
  const [days, setDays] = useState<StatsPeriod>(30);
  const stats = useQuery(statsQuery(target, days));
  return (
    <section className={styles.dashboard}>
      <div role="group" aria-label={t.period} className={styles.periods}>
        {STATS_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={period === days}
            className={styles.period}
            onClick={() => setDays(period)}
          >
            {t.days({ days: period })}
          </button>
        ))}
      </div>
      {stats.isPending ? (
        <p role="status">{t.loading}</p>
      ) : stats.isError ? (
        <p role="alert">{stats.error.message}</p>
      ) : (
        <StatsBody stats={stats.data} blog={'blogId' in target} />
      )}
    </section>
  );
}

function StatsBody({ stats, blog }: { stats: Stats; blog: boolean }) {
  const t = useMessages(messages);
  const views = sum(stats, 'views');
  const reads = sum(stats, 'reads');
  const dates = useMemo(() => stats.days.map((day) => day.date), [stats]);
  const readers = useMemo(
    () => [
      { label: t.views, color: '--color-primary', values: stats.days.map((d) => d.views) },
      { label: t.reads, color: '--color-commit', values: stats.days.map((d) => d.reads) },
    ],
    [stats, t],
  );
  const reactions = useMemo(
    () => [
      { label: t.likes, color: '--color-like', values: stats.days.map((d) => d.likes) },
      { label: t.comments, color: '--color-other', values: stats.days.map((d) => d.comments) },
      ...(blog
        ? [
            {
              label: t.favorites,
              color: '--color-star',
              values: stats.days.map((d) => d.favorites),
            },
          ]
        : []),
    ],
    [stats, t, blog],
  );
  const totals: [string, string | number][] = [
    [t.views, views],
    [t.reads, reads],
    [t.readRatio, views ? `${Math.round((reads / views) * 100)}%` : '–'],
    [t.likes, sum(stats, 'likes')],
    [t.comments, sum(stats, 'comments')],
    ...(blog ? [[t.favorites, sum(stats, 'favorites')] as [string, number]] : []),
    [t.botViews, stats.botViews],
  ];
  const domainName = (domain: string) =>
    domain === 'direct' ? t.direct : domain === 'other' ? t.other : domain;

  return (
    <>
      <dl className={styles.totals}>
        {totals.map(([label, value]) => (
          <div key={label} className={styles.total}>
            <dt>{label}</dt>
            <dd data-testid={`total-${label}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <StatsChart title={t.readersChart} dates={dates} series={readers} />
      <StatsChart title={t.reactionsChart} dates={dates} series={reactions} />
      <div className={styles.lists}>
        <section aria-labelledby="stats-referrers">
          <h2 id="stats-referrers" className={styles.heading}>
            {t.referrers}
          </h2>
          {stats.referrers.length === 0 ? (
            <p className={styles.muted}>{t.noReferrers}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t.domain}</th>
                  <th scope="col">{t.views}</th>
                </tr>
              </thead>
              <tbody>
                {stats.referrers.map((referrer) => (
                  <tr key={referrer.domain}>
                    <th scope="row">{domainName(referrer.domain)}</th>
                    <td>{referrer.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        {stats.topArticles && (
          <section aria-labelledby="stats-top">
            <h2 id="stats-top" className={styles.heading}>
              {t.top}
            </h2>
            {stats.topArticles.length === 0 ? (
              <p className={styles.muted}>{t.noTop}</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t.breakthrough}</th>
                    <th scope="col">{t.views}</th>
                    <th scope="col">{t.reads}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.topArticles.map((article) => (
                    <tr key={article.articleId}>
                      <th scope="row">
                        <Link to={`/breakthrough/${article.articleId}/stats`}>{article.title}</Link>
                      </th>
                      <td>{article.views}</td>
                      <td>{article.reads}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        )}
      </div>
    </>
  );
}
