import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styles from './dropdown.module.css';

export interface DropdownItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

interface DropdownMenuProps {
  /** Accessible name of the trigger, e.g. 'Breakthrough options'. */
  label: string;
  /** Accessible name of the menu itself; defaults to `label`. */
  menuLabel?: string;
  /** What the trigger shows (an icon); defaults to a vertical ellipsis. */
  trigger?: ReactNode;
  items: DropdownItem[];
  align?: 'start' | 'end';
  /** Controlled use: whether the menu is open (e.g. one menu open in a whole list). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  disabled?: boolean;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it and focuses the
 * first item, arrows move, Escape closes and returns focus, a click outside closes it.
 */
export function DropdownMenu({
  label,
  menuLabel,
  trigger,
  items,
  align = 'end',
  open: controlledOpen,
  onOpenChange,
  disabled,
}: DropdownMenuProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (value: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(value);
    onOpenChange?.(value);
  };
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const closeFromOutside = useEffectEvent(() => setOpen(false));
  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) closeFromOutside();
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const focusables = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = focusables.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      focusables[(to + focusables.length) % focusables.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(focusables.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className={styles.wrapper} ref={wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        onKeyDown={onTriggerKey}
      >
        {trigger ?? (
          <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        )}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={menuLabel ?? label}
          className={`${styles.menu} ${align === 'start' ? styles.start : styles.end}`}
          onKeyDown={onMenuKey}
          tabIndex={-1}
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${styles.item} ${item.danger ? styles.danger : ''}`}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
