import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../../i18n';
import styles from './home.module.css';

const messages = i18n('topStrip', { previous: 'Previous cards', next: 'Next cards' });

export interface StripCard {
  key: string | number;
  to: string;
  title: string;
  detail: ReactNode;
  /** Shown under the detail (a breakthrough's likes and comments). */
  stats?: ReactNode;
}

interface TopStripProps {
  id: string;
  title: string;
  cards: StripCard[] | undefined;
  /** Shown instead of the cards (loading or error). */
  status?: ReactNode;
  empty: string;
}

/** Whether each end of a scrolling strip is in view (until measured: the start, as served). */
function useStripEnds(strip: RefObject<HTMLOListElement | null>, count: number) {
  const [ends, setEnds] = useState({ start: true, end: false });
  useEffect(() => {
    const list = strip.current;
    if (!list) return;
    const measure = () => {
      const last = list.scrollWidth - list.clientWidth;
      // A few pixels of leeway: snapping and fractional widths stop just short of an end.
      setEnds({ start: list.scrollLeft <= 4, end: list.scrollLeft >= last - 4 });
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    resize?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [strip, count]);
  return ends;
}

/** Scrolls the strip by as many whole cards as it shows, back (-1) or on (1). */
function scrollStrip(list: HTMLOListElement, direction: -1 | 1) {
  const [first, second] = Array.from(list.children) as HTMLElement[];
  const step = first && second ? second.offsetLeft - first.offsetLeft : list.clientWidth;
  const cards = Math.max(1, Math.floor(list.clientWidth / Math.max(step, 1)));
  list.scrollBy({ left: direction * cards * step });
}

/**
 * A horizontal, scrollable strip of cards with two-line clamped text (spec §2), with previous
 * and next buttons besides touch, wheel and keyboard scrolling; the one toward an end in view is
 * disabled (aria-disabled, so it keeps the focus of a reader pressing it).
 */
export function TopStrip({ id, title, cards, status, empty }: TopStripProps) {
  const t = useMessages(messages);
  const list = useRef<HTMLOListElement>(null);
  const shown = !status && cards !== undefined && cards.length > 0;
  const ends = useStripEnds(list, shown ? cards.length : 0);
  const arrow = (direction: -1 | 1, atEnd: boolean) => (
    <button
      type="button"
      className={styles.stripArrow}
      aria-label={direction < 0 ? t.previous : t.next}
      aria-controls={`${id}-list`}
      aria-disabled={atEnd || undefined}
      onClick={() => {
        if (!atEnd && list.current) scrollStrip(list.current, direction);
      }}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path
          d={direction < 0 ? 'M10 3 5 8l5 5' : 'm6 3 5 5-5 5'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {shown && (
          <div className={styles.stripArrows}>
            {arrow(-1, ends.start)}
            {arrow(1, ends.end)}
          </div>
        )}
      </div>
      {status ? (
        <div className={styles.stripStatus}>{status}</div>
      ) : !cards || cards.length === 0 ? (
        <p className={styles.stripStatus}>{empty}</p>
      ) : (
        <ol id={`${id}-list`} ref={list} className={styles.strip}>
          {cards.map((card, index) => (
            <li key={card.key} className={styles.stripItem}>
              <Link to={card.to} className={styles.card}>
                <span className={styles.rank} aria-hidden="true">
                  {index + 1}
                </span>
                <span className={`${styles.cardTitle} clamp-2`}>{card.title}</span>{' '}
                <span className={`${styles.cardDetail} clamp-2`}>{card.detail}</span>
                {card.stats && (
                  <>
                    {' '}
                    <span className={styles.cardStats}>{card.stats}</span>
                  </>
                )}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
