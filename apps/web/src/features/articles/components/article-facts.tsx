import type { Article } from '@repolog/contract/articles';
import { i18n, useMessages } from '../../../i18n';
import styles from './article-view.module.css';

const messages = i18n('articleFacts', {
  language: 'Language',
  problem: 'Problem',
  solution: 'Solution',
  none: 'Not specified',
});

/** The header box of the article page: language, problem and solution. */
export function ArticleFacts({
  article,
}: {
  article: Pick<Article, 'about' | 'problem' | 'solution'>;
}) {
  const t = useMessages(messages);
  const facts = [
    { key: 'language', label: t.language, value: article.about },
    { key: 'problem', label: t.problem, value: article.problem },
    { key: 'solution', label: t.solution, value: article.solution },
  ];
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.key} className={styles.fact}>
          <dt>{fact.label}</dt>
          <dd className={fact.value ? undefined : styles.none}>{fact.value ?? t.none}</dd>
        </div>
      ))}
    </dl>
  );
}
