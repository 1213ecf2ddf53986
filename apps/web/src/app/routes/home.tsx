import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useSession } from '../../lib/use-session';
import { homeArticlesQuery, homeBlogsQuery } from '../../features/home/api/home-lists';
import { BannerCarousel } from '../../features/home/components/banner-carousel';
import { FavoritesSection } from '../../features/home/components/favorites-section';
import styles from '../../features/home/components/home.module.css';
import { i18n, useMessages } from '../../i18n';
import { island } from '../../lib/island';
import { useDocumentTitle } from '../../lib/use-document-title';

// The strips come in the server's HTML; their code (cards, relative times, counts) comes in a
// chunk of its own, hydrated when it arrives (an island: lib/island.tsx).
const TopStrips = island(
  () => import('../../features/home/components/top-strips').then((m) => m.TopStrips),
  <div className={styles.stripsPlaceholder} aria-busy="true" />,
);

// Popular tags are not in the server's HTML: their code and list load once the page runs.
const PopularTags = lazy(() =>
  import('../../features/home/components/popular-tags').then((m) => ({
    default: m.PopularTags,
  })),
);

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

const messages = i18n('homePage', { title: 'Home', heading: 'Repolog home' });

/** /home: banners, today's top breakthroughs and blogs, and the signed-in favorites. */
export function HomePage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const session = useSession();
  const articles = useQuery(homeArticlesQuery);
  const blogs = useQuery(homeBlogsQuery);
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);

  return (
    <main className="page">
      <div className={`container ${styles.home}`}>
        <h1 className="visually-hidden">{t.heading}</h1>
        <BannerCarousel />
        <TopStrips articles={articles} blogs={blogs} />
        {hydrated && (
          <Suspense fallback={null}>
            <PopularTags />
          </Suspense>
        )}
        {session.status === 'in' && <FavoritesSection />}
      </div>
    </main>
  );
}
