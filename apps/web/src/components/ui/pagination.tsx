import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark when a page has more than one list. */
  label?: string;
}

/** Prev, the current page number and Next (spec §2); hidden when there is one page or none. */
export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <span aria-hidden="true">‹</span> Prev
      </button>
      <span className={styles.current} aria-current="page">
        <span className="visually-hidden">Page </span>
        {page}
        <span className={styles.total}>
          <span aria-hidden="true"> / </span>
          <span className="visually-hidden"> of </span>
          {totalPages}
        </span>
      </span>
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        Next <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
