import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { i18n, params, useMessages } from '../../i18n';
import styles from './dropdown-select.module.css';

const messages = i18n('dropdownSelect', {
  clear: params('Clear {name}'),
  choice: 'choice',
});

export interface DropdownOption {
  value: string;
  label: string;
  /** A short tag shown after the label (e.g. 'Private', 'Commit'). */
  badge?: string | undefined;
  /** Shown, but cannot be chosen (the reason goes in the badge). */
  disabled?: boolean;
  /** A second, quieter line after the label (a number, a state). */
  detail?: string | undefined;
}

/** A search field at the top of the open list; the options are what the caller found. */
export interface DropdownSearch {
  value: string;
  onChange: (value: string) => void;
  /** The field's accessible name. */
  label: string;
  placeholder?: string;
}

interface DropdownSelectProps {
  label: ReactNode;
  /** Shown in the closed control while nothing is chosen. */
  placeholder: string;
  /** Text of the first, empty option that clears the choice; defaults to the placeholder. */
  emptyOptionLabel?: string;
  options: readonly DropdownOption[];
  value: string;
  /**
   * The chosen option as the closed control shows it (label and badge), for a `value` that
   * `options` (a search's results) may not hold; by default, the option of `value`.
   */
  selectedOption?: DropdownOption | undefined;
  onChange: (value: string) => void;
  /** Controlled, so a form can keep only one dropdown open at a time. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disabled?: boolean;
  /** Shown inside the open list when there are no options (loading, nothing found). */
  emptyText?: string;
  /** Name used by the clear button ('Clear {clearName}'); defaults to the label text. */
  clearName?: string;
  className?: string;
  /** A search field in the open list (focus moves there; arrows and Enter still pick). */
  search?: DropdownSearch | undefined;
}

/**
 * A select-only combobox (WAI-ARIA listbox pattern): focus stays on the control, arrows move
 * through the options, Enter or Space picks, Escape closes, Home/End jump, a letter jumps to
 * the next option starting with it. The first option is empty and clears the choice.
 */
export function DropdownSelect({
  label,
  placeholder,
  emptyOptionLabel,
  options,
  value,
  selectedOption,
  onChange,
  open,
  onOpenChange,
  disabled = false,
  emptyText,
  clearName,
  className,
  search,
}: DropdownSelectProps) {
  const t = useMessages(messages);
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const controlRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const all: DropdownOption[] = [{ value: '', label: emptyOptionLabel ?? placeholder }, ...options];
  const selectedIndex = Math.max(
    0,
    all.findIndex((option) => option.value === value),
  );
  const [active, setActive] = useState(selectedIndex);
  const activeIndex = Math.min(active, all.length - 1);
  const selected =
    value === '' ? undefined : (selectedOption ?? all.find((option) => option.value === value));
  const shownLabel = value === '' ? placeholder : (selected?.label ?? value);

  // A click anywhere else closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onOpenChange]);

  // Keep the active option visible inside the 335 px list.
  useEffect(() => {
    if (!open) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  // With a search field, typing goes there while the list is open.
  useEffect(() => {
    if (open && search) searchRef.current?.focus();
  }, [open, search]);

  const close = () => {
    onOpenChange(false);
    if (search) controlRef.current?.focus();
  };

  const openList = () => {
    setActive(selectedIndex);
    onOpenChange(true);
  };

  const choose = (index: number) => {
    const option = all[index];
    if (option?.disabled) return;
    if (option) onChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const inSearch = event.currentTarget === searchRef.current;
    const last = all.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.max(0, Math.min(last, index)));
    };
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      }
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'Home':
      case 'PageUp':
        return inSearch && event.key === 'Home' ? undefined : move(0);
      case 'End':
      case 'PageDown':
        return inSearch && event.key === 'End' ? undefined : move(last);
      case 'Enter':
      case ' ':
        if (inSearch && event.key === ' ') return;
        event.preventDefault();
        return choose(activeIndex);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close();
      case 'Tab':
        return onOpenChange(false);
      default:
        if (!inSearch && event.key.length === 1 && /\S/.test(event.key)) {
          const key = event.key.toLowerCase();
          const order = [...all.keys()].map((i) => (activeIndex + 1 + i) % all.length);
          const next = order.find((i) => all[i]?.label.toLowerCase().startsWith(key));
          if (next !== undefined) move(next);
        }
    }
  };

  const clear = () => {
    onChange('');
    onOpenChange(false);
    controlRef.current?.focus();
  };

  const clearLabel = t.clear({
    name: clearName ?? (typeof label === 'string' ? label : t.choice),
  });

  const list = (
    <ul
      ref={listRef}
      id={listId}
      role="listbox"
      aria-labelledby={labelId}
      className={search ? styles.searchList : styles.list}
      hidden={!search && !open}
      // Keep focus on the combobox while the pointer picks an option or drags the scrollbar.
      onMouseDown={(event) => event.preventDefault()}
    >
      {all.map((option, index) => (
        // Keyboard use goes through the combobox (aria-activedescendant), not the options.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={`${index}-${option.value}`}
          id={optionId(index)}
          data-index={index}
          role="option"
          aria-selected={option.value === value}
          aria-disabled={option.disabled || undefined}
          className={[
            styles.option,
            index === activeIndex ? styles.active : '',
            index === 0 ? styles.emptyOption : '',
            option.disabled ? styles.disabledOption : '',
          ].join(' ')}
          onClick={() => choose(index)}
          onMouseMove={() => setActive(index)}
        >
          <span className={styles.optionLabel}>{option.label}</span>
          {option.badge && <span className={styles.badge}>{option.badge}</span>}
          {option.detail && <span className={styles.detail}>{option.detail}</span>}
        </li>
      ))}
      {options.length === 0 && emptyText && (
        <li role="presentation" className={styles.note}>
          {emptyText}
        </li>
      )}
    </ul>
  );

  return (
    <div ref={rootRef} className={[styles.root, className].filter(Boolean).join(' ')}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={styles.controlWrap}>
        <button
          ref={controlRef}
          type="button"
          role="combobox"
          className={styles.control}
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          disabled={disabled}
          data-empty={value === ''}
          onClick={() => (open ? onOpenChange(false) : openList())}
          onKeyDown={onKeyDown}
        >
          <span className={styles.value}>{shownLabel}</span>
          {selected?.badge && <span className={styles.badge}>{selected.badge}</span>}
          <svg className={styles.chevron} viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        {value !== '' && !disabled && (
          <button type="button" className={styles.clear} aria-label={clearLabel} onClick={clear}>
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <path d="M6 6l8 8M14 6l-8 8" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        )}
      </div>
      {search ? (
        <div className={styles.popup} hidden={!open}>
          <input
            ref={searchRef}
            type="search"
            className={styles.search}
            aria-label={search.label}
            placeholder={search.placeholder}
            value={search.value}
            onChange={(event) => {
              search.onChange(event.target.value);
              setActive(1);
            }}
            onKeyDown={onKeyDown}
            aria-controls={listId}
            aria-activedescendant={open ? optionId(activeIndex) : undefined}
            autoComplete="off"
          />
          {list}
        </div>
      ) : (
        list
      )}
    </div>
  );
}
