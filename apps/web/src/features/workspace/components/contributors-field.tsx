import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { i18n, params, useMessages } from '../../../i18n';
import { checkGithubUser } from '../api/check-user';
import { checkUserFailedAlert, noGithubUserAlert, sameLogin } from '../lib/blog-form-rules';
import styles from './contributors-field.module.css';

const messages = i18n('contributorsField', {
  legend: 'Contributors',
  hint: 'Add your project members by their GitHub ID.',
  inputLabel: 'Contributor GitHub ID',
  placeholder: 'GitHub ID',
  checking: 'Checking…',
  add: 'Add',
  members: 'Project members',
  owner: 'Owner',
  remove: params('Remove {login}'),
  alreadyListed: params('{login} is already on the list.'),
  added: params('{login} added.'),
  removed: params('{login} removed.'),
});

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
  const t = useMessages(messages);
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
      setStatus(messages.get().alreadyListed({ login }));
      return;
    }
    if (verify) {
      setChecking(true);
      let exists: boolean;
      try {
        exists = await checkGithubUser(login);
      } catch (error) {
        console.error('checking the GitHub user failed', error);
        window.alert(checkUserFailedAlert());
        return;
      } finally {
        setChecking(false);
      }
      if (!exists) {
        window.alert(noGithubUserAlert());
        return;
      }
    }
    onChange([...contributors, login]);
    setInput('');
    setStatus(messages.get().added({ login }));
  };

  const remove = (login: string) => {
    onChange(contributors.filter((member) => member !== login));
    setStatus(messages.get().removed({ login }));
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
      <legend className={styles.legend}>{t.legend}</legend>
      <p id={hintId} className={styles.hint}>
        {t.hint}
      </p>
      <div className={styles.addRow}>
        <label htmlFor={inputId} className="visually-hidden">
          {t.inputLabel}
        </label>
        <input
          id={inputId}
          className={styles.input}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t.placeholder}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={39}
          aria-describedby={hintId}
        />
        <Button variant="secondary" onClick={() => void add()} disabled={checking}>
          {checking ? t.checking : t.add}
        </Button>
      </div>
      <ul className={styles.list} aria-label={t.members}>
        <li className={styles.member}>
          <span className={styles.login}>{owner}</span>
          <span className={styles.badge}>{t.owner}</span>
        </li>
        {contributors.map((login) => (
          <li key={login} className={styles.member}>
            <span className={styles.login}>{login}</span>
            <button
              type="button"
              className={styles.remove}
              aria-label={t.remove({ login })}
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
