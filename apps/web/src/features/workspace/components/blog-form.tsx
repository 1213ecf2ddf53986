import { useId, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DropdownSelect, type DropdownOption } from '../../../components/ui/dropdown-select';
import { i18n, params, useMessages } from '../../../i18n';
import {
  DESCRIPTION_MAX_BYTES,
  descriptionBytes,
  descriptionTooLongAlert,
  missesRequiredField,
  requiredFieldsAlert,
  type BlogFormValues,
} from '../lib/blog-form-rules';
import { ContributorsField } from './contributors-field';
import styles from './blog-form.module.css';
import { useLeaveWarning } from '../../../lib/use-leave-warning';

export interface BlogFormSubmit extends BlogFormValues {
  /** Contributors other than the owner, in the order they were added. */
  contributors: string[];
}

interface BlogFormProps {
  initial: BlogFormValues & { contributors: string[] };
  owner: string;
  repoOptions: readonly DropdownOption[];
  /** Shown under the repository dropdown (why the list may be old or empty). */
  repoNotice?: string | null;
  /** Edit form: the repository cannot change. */
  repoLocked: boolean;
  /** Create form: contributors are checked against GitHub before they are added. */
  verifyContributors: boolean;
  submitLabel: string;
  cancelTo: string;
  pending: boolean;
  /** The save went through (the page is moving on): nothing is unsaved any more. */
  saved?: boolean;
  onSubmit: (values: BlogFormSubmit) => void;
}

const messages = i18n('blogForm', {
  nameLabel: 'Blog name',
  namePlaceholder: 'Name your tech blog',
  descriptionLabel: 'Description',
  descriptionPlaceholder: params('Describe your project and your team (up to {max} bytes)'),
  bytes: params('{bytes} / {max} bytes'),
  bytesOver: params('{bytes} / {max} bytes — too long by {over} bytes'),
  repoLabel: 'Repository',
  repoPlaceholder: 'Select a repository',
  repoEmptyOption: 'Select a repository from your GitHub account',
  repoEmpty: 'No repositories were found in your GitHub account.',
  repoClearName: 'repository',
  repoLocked: 'The repository of a blog cannot be changed.',
  cancel: 'Cancel',
  saving: 'Saving…',
});

/** The create and edit blog form of spec §2 with the rules of spec §5. */
export function BlogForm({
  initial,
  owner,
  repoOptions,
  repoNotice,
  repoLocked,
  verifyContributors,
  submitLabel,
  cancelTo,
  pending,
  saved = false,
  onSubmit,
}: BlogFormProps) {
  const t = useMessages(messages);
  const nameId = useId();
  const descriptionId = useId();
  const counterId = useId();
  const [blogName, setBlogName] = useState(initial.blogName);
  const [description, setDescription] = useState(initial.description);
  const [gitRepoUrl, setGitRepoUrl] = useState(initial.gitRepoUrl);
  const [contributors, setContributors] = useState(initial.contributors);
  const [repoOpen, setRepoOpen] = useState(false);
  useLeaveWarning(
    !pending &&
      !saved &&
      (blogName !== initial.blogName ||
        description !== initial.description ||
        gitRepoUrl !== initial.gitRepoUrl ||
        contributors.join('\n') !== initial.contributors.join('\n')),
  );

  const bytes = descriptionBytes(description);
  const tooLong = bytes > DESCRIPTION_MAX_BYTES;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const values = { blogName, description, gitRepoUrl };
    if (missesRequiredField(values)) {
      window.alert(requiredFieldsAlert());
      return;
    }
    if (tooLong) {
      window.alert(descriptionTooLongAlert(bytes));
      return;
    }
    onSubmit({ ...values, contributors });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={nameId} className={styles.label}>
          {t.nameLabel}
        </label>
        <input
          id={nameId}
          className={styles.input}
          value={blogName}
          onChange={(event) => setBlogName(event.target.value)}
          placeholder={t.namePlaceholder}
          maxLength={100}
          aria-required="true"
          autoComplete="off"
        />
      </div>

      <div className={styles.field}>
        <label htmlFor={descriptionId} className={styles.label}>
          {t.descriptionLabel}
        </label>
        <textarea
          id={descriptionId}
          className={`${styles.input} ${styles.textarea}`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t.descriptionPlaceholder({ max: DESCRIPTION_MAX_BYTES })}
          rows={6}
          aria-required="true"
          aria-invalid={tooLong}
          aria-describedby={counterId}
        />
        <p
          id={counterId}
          className={`${styles.counter} ${tooLong ? styles.over : ''}`}
          aria-live="polite"
        >
          {tooLong
            ? t.bytesOver({
                bytes,
                max: DESCRIPTION_MAX_BYTES,
                over: bytes - DESCRIPTION_MAX_BYTES,
              })
            : t.bytes({ bytes, max: DESCRIPTION_MAX_BYTES })}
        </p>
      </div>

      <div className={styles.field}>
        <DropdownSelect
          label={t.repoLabel}
          placeholder={t.repoPlaceholder}
          emptyOptionLabel={t.repoEmptyOption}
          options={repoOptions}
          value={gitRepoUrl}
          onChange={setGitRepoUrl}
          open={repoOpen}
          onOpenChange={setRepoOpen}
          disabled={repoLocked}
          emptyText={t.repoEmpty}
          clearName={t.repoClearName}
        />
        {repoLocked && <p className={styles.hint}>{t.repoLocked}</p>}
        {repoNotice && (
          <p className={styles.notice} role="status">
            {repoNotice}
          </p>
        )}
      </div>

      <ContributorsField
        owner={owner}
        contributors={contributors}
        onChange={setContributors}
        verify={verifyContributors}
        disabled={pending}
      />

      <div className={styles.actions}>
        <ButtonLink to={cancelTo} variant="secondary">
          {t.cancel}
        </ButtonLink>
        <Button type="submit" disabled={pending}>
          {pending ? t.saving : submitLabel}
        </Button>
      </div>
    </form>
  );
}
