import { useQuery } from '@tanstack/react-query';
import type { ActivityType } from '@repolog/contract/codehost';
import { ACTIVITY_SHOWN } from '@repolog/contract/constants';
import { activityQuery } from '../api/activity';
import { BLOG_LOAD_FAILED } from './blog-texts';
import styles from './blog-view.module.css';

const TYPE_LABEL: Record<ActivityType, string> = {
  Commit: 'COMMIT',
  Issue: 'ISSUE',
  PullRequest: 'PULL REQUEST',
};

/** 'Project Repository Activity': the newest 8 issues, pull requests and commits (spec §2). */
export function RepositoryActivity({ repoUrl }: { repoUrl: string }) {
  const { data, error, isPending } = useQuery(activityQuery(repoUrl));
  const items = data?.items.slice(0, ACTIVITY_SHOWN) ?? [];

  return (
    <section className={styles.panel} aria-labelledby="repository-activity">
      <h2 id="repository-activity" className={styles.panelTitle}>
        Project Repository Activity
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
        <p className={styles.muted}>{BLOG_LOAD_FAILED}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>There is no Repository Activity!</p>
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
                <span className={styles.activityType}>{TYPE_LABEL[item.type]}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
