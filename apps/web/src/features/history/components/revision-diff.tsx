import type { Revision } from '@repolog/contract/revisions';
import { diffLines, diffWords, type ChangeObject } from 'diff';
import styles from './history.module.css';

/** Past this, a body is compared no longer (a huge rewrite would freeze the page). */
const DIFF_TIMEOUT_MS = 1000;

const FIELDS: { key: 'about' | 'problem' | 'solution'; label: string }[] = [
  { key: 'about', label: 'Language' },
  { key: 'problem', label: 'Problem' },
  { key: 'solution', label: 'Solution' },
];

/** Inline changes: removed text struck through, added text marked, both named for readers. */
function Inline({ parts }: { parts: ChangeObject<string>[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className={styles.added}>
            <span className="visually-hidden">added: </span>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} className={styles.removed}>
            <span className="visually-hidden">removed: </span>
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
  const parts = diffLines(from, to, { timeout: DIFF_TIMEOUT_MS });
  if (!parts) return <p>This change is too large to compare line by line.</p>;
  return (
    <pre className={styles.body} aria-label="Body changes">
      {parts.map((part, index) => {
        const lines = part.value.replace(/\n$/, '').split('\n');
        const sign = part.added ? '+' : part.removed ? '-' : ' ';
        const text = lines.map((line) => `${sign} ${line}`).join('\n') + '\n';
        if (part.added) {
          return (
            <ins key={index} className={styles.addedLine}>
              <span className="visually-hidden">added: </span>
              {text}
            </ins>
          );
        }
        if (part.removed) {
          return (
            <del key={index} className={styles.removedLine}>
              <span className="visually-hidden">removed: </span>
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
  const same =
    from.title === to.title &&
    from.content === to.content &&
    FIELDS.every(({ key }) => from[key] === to[key]);
  return (
    <div className={styles.diff}>
      {same && <p>These two revisions say the same.</p>}
      <section aria-label="Title changes">
        <h3 className={styles.fieldName}>Title</h3>
        <p className={styles.title}>
          <Inline parts={diffWords(from.title, to.title)} />
        </p>
      </section>
      <dl className={styles.fields}>
        {FIELDS.map(({ key, label }) => {
          const before = from[key] ?? '';
          const after = to[key] ?? '';
          return (
            <div key={key} className={styles.field}>
              <dt>{label}</dt>
              <dd>
                {before === after ? (
                  before || <span className={styles.none}>Not specified</span>
                ) : (
                  <Inline parts={diffWords(before, after)} />
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <section aria-label="Body">
        <h3 className={styles.fieldName}>Body</h3>
        <BodyDiff from={from.content} to={to.content} />
      </section>
    </div>
  );
}
