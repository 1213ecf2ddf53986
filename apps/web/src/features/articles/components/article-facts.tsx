import type { Article } from '@repolog/contract/articles';
import styles from './article-view.module.css';

/** The header box of the article page: language, problem and solution. */
export function ArticleFacts({
  article,
}: {
  article: Pick<Article, 'about' | 'problem' | 'solution'>;
}) {
  const facts = [
    { label: 'Language', value: article.about },
    { label: 'Problem', value: article.problem },
    { label: 'Solution', value: article.solution },
  ];
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.label} className={styles.fact}>
          <dt>{fact.label}</dt>
          <dd className={fact.value ? undefined : styles.none}>{fact.value ?? 'Not specified'}</dd>
        </div>
      ))}
    </dl>
  );
}
