import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { i18n, useMessages } from '../../i18n';
import styles from './search-box.module.css';

const messages = i18n('searchBox', { search: 'Search' });

interface SearchBoxProps {
  /** The query shown when the box first renders (and whenever `resetKey` changes). */
  initialValue?: string;
  onSearch: (query: string) => void;
  label: string;
  placeholder?: string;
  /** Changing it puts `initialValue` back into the box (e.g. after a search was cleared). */
  resetKey?: string | number;
  /** The field's name: without JavaScript the form submits it as a plain GET (e.g. `q`). */
  name?: string;
  /** The form's id, so controls outside it (a filter) can join its plain submission. */
  formId?: string;
}

/**
 * A text search box with a search icon button. Enter or the icon searches; Enter that only
 * confirms an IME composition (Korean, Japanese, Chinese input) does not (spec §5).
 */
export function SearchBox({
  initialValue = '',
  onSearch,
  label,
  placeholder,
  resetKey,
  name,
  formId,
}: SearchBoxProps) {
  const t = useMessages(messages);
  const [value, setValue] = useState(initialValue);
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setValue(initialValue);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Always ours: the browser's implicit form submission would not know about IME.
    event.preventDefault();
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    onSearch(value.trim());
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
  };

  return (
    <form role="search" id={formId} className={styles.box} onSubmit={onSubmit}>
      <input
        type="search"
        name={name}
        className={styles.input}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={100}
        enterKeyHint="search"
      />
      <button type="submit" className={styles.button} aria-label={t.search}>
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
    </form>
  );
}
