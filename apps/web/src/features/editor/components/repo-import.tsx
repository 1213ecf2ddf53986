import { useQuery } from '@tanstack/react-query';
import { importMarkdown, type ImportWords } from '@repolog/contract/repo-import';
import type { RepoItem } from '@repolog/contract/repo-items';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { i18n, params, useMessages } from '../../../i18n';
import { repoItemDetailQuery } from '../api/repo-items';
import styles from './repo-import.module.css';

const messages = i18n('repoImport', {
  region: 'Import from the repository',
  insert: 'Insert into the body',
  loading: 'Reading it from the repository…',
  dismiss: 'Close',
  diffOf: params('Include the diff of {path}'),
  files: 'Files changed: tick those whose diff goes in',
  // The words of the inserted section.
  issue: 'Issue',
  pull: 'Pull request',
  commit: 'Commit',
  state: 'State',
  labels: 'Labels',
  author: 'Author',
  comments: 'Comments',
  commits: 'Commits',
  filesChanged: 'Files changed',
  cut: 'Cut here; read the rest',
  onGitHub: 'on GitHub',
});

interface RepoImportProps {
  blogId: number;
  item: RepoItem;
  /** Puts the markdown at the body's cursor (through the live document when there is one). */
  onInsert: (markdown: string) => void;
  onDismiss: () => void;
}

/**
 * Offers to insert the chosen issue, pull request or commit into the body as an editable
 * markdown section; for a pull request or commit the writer ticks the files whose diff goes in.
 */
export function RepoImport({ blogId, item, onInsert, onDismiss }: RepoImportProps) {
  const t = useMessages(messages);
  const detail = useQuery(repoItemDetailQuery(blogId, item.ref));
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const words: ImportWords = { ...t, files: t.filesChanged };
  const id = item.number === null ? (item.sha ?? '').slice(0, 7) : `#${item.number}`;

  const toggle = (path: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });

  return (
    <section className={styles.panel} aria-label={t.region}>
      <p className={styles.item}>
        <span className={styles.kind}>{t[item.type]}</span> {id} {item.title}
      </p>
      {detail.isError && (
        <p className={styles.error} role="alert">
          {detail.error.message}
        </p>
      )}
      {detail.data && detail.data.files.some((f) => f.patch) && (
        <fieldset className={styles.files}>
          <legend>{t.files}</legend>
          {detail.data.files.map((file) => (
            <label key={file.path} className={styles.file}>
              <input
                type="checkbox"
                checked={ticked.has(file.path)}
                disabled={!file.patch}
                onChange={() => toggle(file.path)}
                aria-label={t.diffOf({ path: file.path })}
              />
              <code>{file.path}</code>
              <span className={styles.counts}>
                +{file.additions} −{file.deletions}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.actions}>
        <Button
          type="button"
          disabled={!detail.data}
          onClick={() => detail.data && onInsert(importMarkdown(detail.data, ticked, words))}
        >
          {detail.isPending ? t.loading : t.insert}
        </Button>
        <Button type="button" variant="secondary" onClick={onDismiss}>
          {t.dismiss}
        </Button>
      </div>
    </section>
  );
}
