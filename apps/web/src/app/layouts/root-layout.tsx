import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { SessionSync } from '../../features/auth/components/session-sync';
import { SiteHeader } from './site-header';
import { useHydrated } from '../../lib/use-hydrated';

// Only a demo server's pages carry the marker; nobody else downloads the banner.
const DemoBanner = lazy(() =>
  import('../../components/ui/demo-banner').then((m) => ({ default: m.DemoBanner })),
);
const isDemo = () => document.querySelector('meta[name="repolog-demo"]') !== null;

// The footer (and its language switch) is an island: server HTML shows it at once, its code
// arrives after the page's own (entry-server.tsx lists it with every page's islands).
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));

export function RootLayout() {
  const { pathname } = useLocation();
  // After hydration: the server's HTML is the same with or without it.
  const hydrated = useHydrated();
  const first = useRef(true);
  useEffect(() => {
    // Not on the first page: a reader may have scrolled the server's HTML before the app ran.
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <SessionSync />
      <SiteHeader />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<main className="page" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      {hydrated && isDemo() && (
        <Suspense fallback={null}>
          <DemoBanner />
        </Suspense>
      )}
    </>
  );
}
