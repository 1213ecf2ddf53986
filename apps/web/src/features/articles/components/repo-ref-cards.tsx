import { useQuery } from '@tanstack/react-query';
import type { Article } from '@repolog/contract/articles';
import { refKey, type RepoRef } from '@repolog/contract/repo-import';
import { i18n, useMessages } from '../../../i18n';
import { memberRepoRefsQuery } from '../../../lib/article-record';
import { repoItemStateQuery } from '../api/repo-item-state';
import styles from './repo-ref-cards.module.css';

const messages = i18n('repoRefCards', {
  heading: 'From the repository',
  issue: 'Issue',
  pull: 'Pull request',
  commit: 'Commit',
  open: 'Open',
  closed: 'Closed',
  merged: 'Merged',
  committed: 'Committed',
  onGitHub: 'View on GitHub',
});

function RefCard({ blogId, title, refTo }: { blogId: number; title: string; refTo: RepoRef }) {
  const t = useMessages(messages);
  const state = useQuery(repoItemStateQuery(blogId, refKey(refTo)));
  const id = refTo.number === null ? (refTo.sha ?? '').slice(0, 7) : `#${refTo.number}`;
  const shown = state.data;
  return (
    <li className={styles.card}>
      <span className={styles.kind}>{t[refTo.type]}</span>
      <span className={styles.id}>{id}</span>
      <span className={styles.title}>{title}</span>
      {shown && (
        <span className={styles.state} data-state={shown}>
          {t[shown]}
        </span>
      )}
      <a href={refTo.url} className={styles.link} rel="noopener noreferrer" target="_blank">
        {t.onGitHub}
      </a>
    </li>
  );
}

/**
 * "From the repository": the issue, pull request or commit the breakthrough's problem and
 * solution are about, each with its kind, number, title, current state and a link to GitHub.
 * The shared article answer leaves a private repository's references out; a member of the blog
 * (`memberId`) gets them from a personal call of their own.
 */
export function RepoRefCards({
  article,
  memberId,
}: {
  article: Pick<
    Article,
    'articleId' | 'blogId' | 'problem' | 'solution' | 'problemRef' | 'solutionRef'
  >;
  memberId: number | null;
}) {
  const t = useMessages(messages);
  const hidden = article.problemRef === null && article.solutionRef === null;
  const personal = useQuery({
    ...memberRepoRefsQuery(article.articleId, memberId ?? 0),
    enabled: hidden && memberId !== null,
  });
  const refs = hidden ? personal.data : article;
  const cards = [
    { ref: refs?.problemRef ?? null, title: article.problem },
    { ref: refs?.solutionRef ?? null, title: article.solution },
  ].filter((card): card is { ref: RepoRef; title: string | null } => card.ref !== null);
  if (cards.length === 0) return null;
  return (
    <section className={styles.section} aria-label={t.heading}>
      <h2 className={styles.heading}>{t.heading}</h2>
      <ul className={styles.list}>
        {cards.map((card) => (
          <RefCard
            key={refKey(card.ref)}
            blogId={article.blogId}
            title={card.title ?? refKey(card.ref)}
            refTo={card.ref}
          />
        ))}
      </ul>
    </section>
  );
}
