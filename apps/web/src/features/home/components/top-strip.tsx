import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './home.module.css';

export interface StripCard {
  key: string | number;
  to: string;
  title: string;
  detail: string;
}

interface TopStripProps {
  id: string;
  title: string;
  cards: StripCard[] | undefined;
  /** Shown instead of the cards (loading or error). */
  status?: ReactNode;
  empty: string;
}

/** A horizontal, scrollable strip of cards with two-line clamped text (spec §2). */
export function TopStrip({ id, title, cards, status, empty }: TopStripProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {status ? (
        <div className={styles.stripStatus}>{status}</div>
      ) : !cards || cards.length === 0 ? (
        <p className={styles.stripStatus}>{empty}</p>
      ) : (
        <ol className={styles.strip}>
          {cards.map((card, index) => (
            <li key={card.key} className={styles.stripItem}>
              <Link to={card.to} className={styles.card}>
                <span className={styles.rank} aria-hidden="true">
                  {index + 1}
                </span>
                <span className={`${styles.cardTitle} clamp-2`}>{card.title}</span>{' '}
                <span className={`${styles.cardDetail} clamp-2`}>{card.detail}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
