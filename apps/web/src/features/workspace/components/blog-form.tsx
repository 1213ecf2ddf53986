import { useId, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DropdownSelect, type DropdownOption } from '../../../components/ui/dropdown-select';
import {
  DESCRIPTION_MAX_BYTES,
  descriptionBytes,
  descriptionTooLongAlert,
  missesRequiredField,
  REQUIRED_FIELDS_ALERT,
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

export const REPO_PLACEHOLDER = 'Select a repository';
export const REPO_EMPTY_OPTION = 'Select a repository from your GitHub account';

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
      window.alert(REQUIRED_FIELDS_ALERT);
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
          Blog name
        </label>
        <input
          id={nameId}
          className={styles.input}
          value={blogName}
          onChange={(event) => setBlogName(event.target.value)}
          placeholder="Name your tech blog"
          maxLength={100}
          aria-required="true"
          autoComplete="off"
        />
      </div>

      <div className={styles.field}>
        <label htmlFor={descriptionId} className={styles.label}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className={`${styles.input} ${styles.textarea}`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={`Describe your project and your team (up to ${DESCRIPTION_MAX_BYTES} bytes)`}
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
            ? `${bytes} / ${DESCRIPTION_MAX_BYTES} bytes — too long by ${bytes - DESCRIPTION_MAX_BYTES} bytes`
            : `${bytes} / ${DESCRIPTION_MAX_BYTES} bytes`}
        </p>
      </div>

      <div className={styles.field}>
        <DropdownSelect
          label="Repository"
          placeholder={REPO_PLACEHOLDER}
          emptyOptionLabel={REPO_EMPTY_OPTION}
          options={repoOptions}
          value={gitRepoUrl}
          onChange={setGitRepoUrl}
          open={repoOpen}
          onOpenChange={setRepoOpen}
          disabled={repoLocked}
          emptyText="No repositories were found in your GitHub account."
          clearName="repository"
        />
        {repoLocked && <p className={styles.hint}>The repository of a blog cannot be changed.</p>}
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
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
