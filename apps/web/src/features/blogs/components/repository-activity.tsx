import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_SHOWN } from '@repolog/contract/constants';
import { i18n, params, useMessages } from '../../../i18n';
import { Link } from 'react-router';
import { activityQuery } from '../api/activity';
import { breakthroughAbout, breakthroughRefsQuery } from '../api/repo-connection';
import { blogTexts } from './blog-texts';
import styles from './blog-view.module.css';

const messages = i18n('repositoryActivity', {
  title: 'Project Repository Activity',
  empty: 'There is no Repository Activity!',
  Commit: 'COMMIT',
  Issue: 'ISSUE',
  PullRequest: 'PULL REQUEST',
  breakthrough: params('Breakthrough: {title}'),
});

/** 'Project Repository Activity': the newest 8 issues, pull requests and commits (spec §2). */
export function RepositoryActivity({ repoUrl, blogId }: { repoUrl: string; blogId: number }) {
  const t = useMessages(messages);
  const texts = useMessages(blogTexts);
  const { data, error, isPending } = useQuery(activityQuery(repoUrl));
  // Items a breakthrough is about link to it (asked once the activity is shown).
  const refs = useQuery({ ...breakthroughRefsQuery(blogId), enabled: data !== undefined }).data;
  const items = data?.items.slice(0, ACTIVITY_SHOWN) ?? [];

  return (
    <section className={styles.panel} aria-labelledby="repository-activity">
      <h2 id="repository-activity" className={styles.panelTitle}>
        {t.title}
      </h2>
      {data?.notice && (
        <p className={styles.notice} role="status">
          {data.notice}
        </p>
      )}
      {isPending ? (
        <ul className={styles.activity} aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className={styles.activitySkeleton} />
          ))}
        </ul>
      ) : error ? (
        <p className={styles.muted}>{texts.loadFailed}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <ul className={styles.activity}>
          {items.map((item) => (
            <li key={`${item.type}-${item.url}`} className={styles.activityItem}>
              <span
                className={`${styles.dot} ${item.type === 'Commit' ? styles.dotCommit : styles.dotOther}`}
                aria-hidden="true"
              />
              <span className={styles.activityText}>
                {/^https?:\/\//i.test(item.url) ? (
                  <a href={item.url} target="_blank" rel="noopener noreferrer" className="clamp-2">
                    {item.title}
                  </a>
                ) : (
                  <span className="clamp-2">{item.title}</span>
                )}
                <span className={styles.activityType}>{t[item.type]}</span>
                {(() => {
                  const about = refs && breakthroughAbout(refs, item.url);
                  return about ? (
                    <Link
                      className={styles.activityBreakthrough}
                      to={`/breakthrough/${about.articleId}`}
                    >
                      {t.breakthrough({ title: about.title })}
                    </Link>
                  ) : null;
                })()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
