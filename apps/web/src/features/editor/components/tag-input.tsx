import { useQuery } from '@tanstack/react-query';
import { MAX_TAGS, isValidTag, normalizeTag } from '@repolog/contract/tag-rules';
import { useId, useState, type KeyboardEvent } from 'react';
import { i18n, params, useMessages } from '../../../i18n';
import { tagSuggestionsQuery } from '../api/tags';
import styles from './tag-input.module.css';

const messages = i18n('tagInput', {
  label: 'Tags',
  hint: params('Up to {max} tags: lowercase letters, digits and + # . -'),
  placeholder: 'Add a tag',
  remove: params('Remove tag {tag}'),
  invalid: params('Tag "{tag}" is not allowed: 1–30 lowercase letters, digits and + # . -'),
  full: params('A breakthrough may have at most {max} tags.'),
  uses: params('{count} breakthroughs'),
});

interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
}

/**
 * The write form's tag field: a combobox whose options are the tags already in use starting
 * with what is typed (GET /api/tags?q=). Enter, a comma or choosing an option adds the tag;
 * Backspace in the empty field removes the last one.
 */
export function TagInput({ value, onChange }: TagInputProps) {
  const t = useMessages(messages);
  const id = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = normalizeTag(typed);
  const full = value.length >= MAX_TAGS;
  const { data } = useQuery({ ...tagSuggestionsQuery(prefix), enabled: open && !full });
  const options = (data ?? []).filter((option) => !value.includes(option.name));
  const shown = open && !full && options.length > 0;

  const add = (raw: string) => {
    const tag = normalizeTag(raw);
    if (tag === '') return;
    if (!isValidTag(tag)) {
      setProblem(t.invalid({ tag: raw.trim() }));
      return;
    }
    if (!value.includes(tag)) {
      if (full) {
        setProblem(t.full({ max: MAX_TAGS }));
        return;
      }
      onChange([...value, tag]);
    }
    setTyped('');
    setActive(-1);
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' || event.key === ',') {
      if (event.key === 'Enter' && typed.trim() === '' && active < 0) return;
      event.preventDefault();
      const chosen = shown && active >= 0 ? options[active] : undefined;
      add(chosen ? chosen.name : typed);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && typed === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        {t.label}
      </label>
      <div className={styles.box}>
        <ul className={styles.chips} aria-label={t.label}>
          {value.map((tag) => (
            <li key={tag} className={styles.chip}>
              #{tag}
              <button
                type="button"
                className={styles.remove}
                aria-label={t.remove({ tag })}
                onClick={() => onChange(value.filter((other) => other !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={`${id}-input`}
          className={styles.input}
          role="combobox"
          aria-expanded={shown}
          aria-controls={`${id}-options`}
          aria-autocomplete="list"
          aria-describedby={`${id}-hint`}
          aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
          value={typed}
          placeholder={full ? '' : t.placeholder}
          disabled={full && typed === ''}
          maxLength={40}
          autoComplete="off"
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
            setProblem(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {shown && (
        <ul id={`${id}-options`} role="listbox" aria-label={t.label} className={styles.options}>
          {options.map((option, index) => (
            <li
              key={option.name}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                add(option.name);
              }}
            >
              <span>#{option.name}</span>
              <span className={styles.count}>{t.uses({ count: option.count })}</span>
            </li>
          ))}
        </ul>
      )}
      <p
        id={`${id}-hint`}
        className={problem ? styles.problem : styles.hint}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t.hint({ max: MAX_TAGS })}
      </p>
    </div>
  );
}
