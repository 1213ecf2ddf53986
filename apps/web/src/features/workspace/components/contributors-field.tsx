import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { checkGithubUser } from '../api/check-user';
import { CHECK_USER_FAILED_ALERT, NO_GITHUB_USER_ALERT, sameLogin } from '../lib/blog-form-rules';
import styles from './contributors-field.module.css';

interface ContributorsFieldProps {
  /** The owner is listed first and cannot be removed. */
  owner: string;
  contributors: readonly string[];
  onChange: (contributors: string[]) => void;
  /** Ask GitHub whether the id exists before adding (create form); the edit form does not. */
  verify: boolean;
  disabled?: boolean;
}

/** Contributors by GitHub id: a text box with an Add button, and the list with Remove buttons. */
export function ContributorsField({
  owner,
  contributors,
  onChange,
  verify,
  disabled = false,
}: ContributorsFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const [input, setInput] = useState('');
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState('');

  const add = async () => {
    const login = input.trim();
    if (login === '' || checking) return;
    if (sameLogin(login, owner) || contributors.some((member) => sameLogin(member, login))) {
      setInput('');
      setStatus(`${login} is already on the list.`);
      return;
    }
    if (verify) {
      setChecking(true);
      let exists: boolean;
      try {
        exists = await checkGithubUser(login);
      } catch (error) {
        console.error('checking the GitHub user failed', error);
        window.alert(CHECK_USER_FAILED_ALERT);
        return;
      } finally {
        setChecking(false);
      }
      if (!exists) {
        window.alert(NO_GITHUB_USER_ALERT);
        return;
      }
    }
    onChange([...contributors, login]);
    setInput('');
    setStatus(`${login} added.`);
  };

  const remove = (login: string) => {
    onChange(contributors.filter((member) => member !== login));
    setStatus(`${login} removed.`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the contributor instead of submitting the whole form.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void add();
    }
  };

  return (
    <fieldset className={styles.field} disabled={disabled}>
      <legend className={styles.legend}>Contributors</legend>
      <p id={hintId} className={styles.hint}>
        Add your project members by their GitHub ID.
      </p>
      <div className={styles.addRow}>
        <label htmlFor={inputId} className="visually-hidden">
          Contributor GitHub ID
        </label>
        <input
          id={inputId}
          className={styles.input}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="GitHub ID"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={39}
          aria-describedby={hintId}
        />
        <Button variant="secondary" onClick={() => void add()} disabled={checking}>
          {checking ? 'Checking…' : 'Add'}
        </Button>
      </div>
      <ul className={styles.list} aria-label="Project members">
        <li className={styles.member}>
          <span className={styles.login}>{owner}</span>
          <span className={styles.badge}>Owner</span>
        </li>
        {contributors.map((login) => (
          <li key={login} className={styles.member}>
            <span className={styles.login}>{login}</span>
            <button
              type="button"
              className={styles.remove}
              aria-label={`Remove ${login}`}
              onClick={() => remove(login)}
            >
              <svg viewBox="0 0 20 20" aria-hidden="true">
                <path d="M6 6l8 8M14 6l-8 8" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </fieldset>
  );
}
