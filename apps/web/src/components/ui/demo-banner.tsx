import { useEffect, useState } from 'react';
import { i18n, useMessages } from '../../i18n';
import { storedFlag } from '../../lib/stored-flag';
import styles from './demo-banner.module.css';

const messages = i18n('demoBanner', {
  label: 'Demo mode',
  text: 'Demo mode: sign in as one of the demo accounts. Repositories, people and posts here are made up.',
  dismiss: 'Dismiss',
});

const dismissed = storedFlag('repolog_demo_banner_dismissed');

/**
 * A slim bar at the foot of the window while the server runs in demo mode (the server marks its
 * pages with <meta name="repolog-demo">), until the reader dismisses it. Fixed to the bottom, so
 * showing it moves nothing on the page.
 */
export function DemoBanner() {
  const t = useMessages(messages);
  const [hidden, setHidden] = useState(() => dismissed.read() === true);
  // Room below the footer, so the bar never covers the end of a page.
  useEffect(() => {
    if (hidden) return;
    document.documentElement.classList.add(styles.withBanner ?? '');
    return () => document.documentElement.classList.remove(styles.withBanner ?? '');
  }, [hidden]);
  if (hidden) return null;
  return (
    <aside className={styles.banner} aria-label={t.label}>
      <p>{t.text}</p>
      <button
        type="button"
        className={styles.dismiss}
        onClick={() => {
          dismissed.write(true);
          setHidden(true);
        }}
      >
        {t.dismiss}
      </button>
    </aside>
  );
}
