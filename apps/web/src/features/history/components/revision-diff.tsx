import type { Revision } from '@repolog/contract/revisions';
import { diffLines, diffWords, type ChangeObject } from 'diff';
import { i18n, useMessages } from '../../../i18n';
import styles from './history.module.css';

const messages = i18n('revisionDiff', {
  about: 'Language',
  problem: 'Problem',
  solution: 'Solution',
  added: 'added: ',
  removed: 'removed: ',
  tooLarge: 'This change is too large to compare line by line.',
  bodyChanges: 'Body changes',
  same: 'These two revisions say the same.',
  titleChanges: 'Title changes',
  title: 'Title',
  none: 'Not specified',
  body: 'Body',
});

/** Past this, a body is compared no longer (a huge rewrite would freeze the page). */
const DIFF_TIMEOUT_MS = 1000;

/** The fields compared word by word; each is named by its key in the texts. */
const FIELDS = ['about', 'problem', 'solution'] as const;

/** Inline changes: removed text struck through, added text marked, both named for readers. */
function Inline({ parts }: { parts: ChangeObject<string>[] }) {
  const t = useMessages(messages);
  return (
    <>
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className={styles.added}>
            <span className="visually-hidden">{t.added}</span>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} className={styles.removed}>
            <span className="visually-hidden">{t.removed}</span>
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </>
  );
}

function BodyDiff({ from, to }: { from: string; to: string }) {
  const t = useMessages(messages);
  const parts = diffLines(from, to, { timeout: DIFF_TIMEOUT_MS });
  if (!parts) return <p>{t.tooLarge}</p>;
  return (
    <pre className={styles.body} aria-label={t.bodyChanges}>
      {parts.map((part, index) => {
        const lines = part.value.replace(/\n$/, '').split('\n');
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const text = lines.map((line) => `${sign} ${line}`).join('\n') + '\n';
        if (part.added) {
          return (
            <ins key={index} className={styles.addedLine}>
              <span className="visually-hidden">{t.added}</span>
              {text}
            </ins>
          );
        }
        if (part.removed) {
          return (
            <del key={index} className={styles.removedLine}>
              <span className="visually-hidden">{t.removed}</span>
              {text}
            </del>
          );
        }
        return <span key={index}>{text}</span>;
      })}
    </pre>
  );
}

/** What changed from one revision to another: title, language, problem, solution and body. */
export function RevisionDiff({ from, to }: { from: Revision; to: Revision }) {
  const t = useMessages(messages);
  const same =
    from.title === to.title &&
    from.content === to.content &&
    FIELDS.every((key) => from[key] === to[key]);
  return (
    <div className={styles.diff}>
      {same && <p>{t.same}</p>}
      <section aria-label={t.titleChanges}>
        <h3 className={styles.fieldName}>{t.title}</h3>
        <p className={styles.title}>
          <Inline parts={diffWords(from.title, to.title)} />
        </p>
      </section>
      <dl className={styles.fields}>
        {FIELDS.map((key) => {
          const before = from[key] ?? '';
          const after = to[key] ?? '';
          return (
            <div key={key} className={styles.field}>
              <dt>{t[key]}</dt>
              <dd>
                {before === after ? (
                  before || <span className={styles.none}>{t.none}</span>
                ) : (
                  <Inline parts={diffWords(before, after)} />
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <section aria-label={t.body}>
        <h3 className={styles.fieldName}>{t.body}</h3>
        <BodyDiff from={from.content} to={to.content} />
      </section>
    </div>
  );
}
