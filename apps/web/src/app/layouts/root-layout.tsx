import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { SessionSync } from '../../features/auth/components/session-sync';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
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
      <SiteFooter />
    </>
  );
}
