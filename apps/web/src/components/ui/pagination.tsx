import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../i18n';
import styles from './pagination.module.css';

const messages = i18n('pagination', {
  label: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  page: 'page',
  current: 'Page ',
  of: ' of ',
});

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark when a page has more than one list. */
  label?: string;
  /**
   * The address of a page. With it, Prev and Next are links (readers without JavaScript and
   * crawlers can follow them); a click still goes through `onChange`.
   */
  hrefFor?: (page: number) => string;
}

/** Prev, the current page number and Next (spec §2); hidden when there is one page or none. */
export function Pagination({ page, totalPages, onChange, label, hrefFor }: PaginationProps) {
  const t = useMessages(messages);
  if (totalPages <= 1) return null;
  const step = (target: number, disabled: boolean, children: ReactNode) => {
    if (!hrefFor) {
      return (
        <button
          type="button"
          className={styles.step}
          onClick={() => onChange(target)}
          disabled={disabled}
        >
          {children}
        </button>
      );
    }
    if (disabled) {
      return (
        <span className={styles.step} aria-disabled="true">
          {children}
        </span>
      );
    }
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onChange(target);
    };
    return (
      <Link
        to={hrefFor(target)}
        className={styles.step}
        rel={target < page ? 'prev' : 'next'}
        onClick={onClick}
      >
        {children}
      </Link>
    );
  };
  return (
    <nav className={styles.pagination} aria-label={label ?? t.label}>
      {step(
        page - 1,
        page <= 1,
        <>
          <span aria-hidden="true">‹</span> {t.previous}{' '}
          <span className="visually-hidden">{t.page}</span>
        </>,
      )}
      <span className={styles.current} aria-current="page">
        <span className="visually-hidden">{t.current}</span>
        {page}
        <span className={styles.total}>
          <span aria-hidden="true"> / </span>
          <span className="visually-hidden">{t.of}</span>
          {totalPages}
        </span>
      </span>
      {step(
        page + 1,
        page >= totalPages,
        <>
          {t.next} <span className="visually-hidden">{t.page}</span>
          <span aria-hidden="true"> ›</span>
        </>,
      )}
    </nav>
  );
}
