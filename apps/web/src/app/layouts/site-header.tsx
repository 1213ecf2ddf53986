import { lazy, Suspense, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { useSession } from '../../lib/use-session';
import { i18n, useMessages } from '../../i18n';
import { ThemeToggle } from './theme-toggle';
import styles from './site-header.module.css';

// Only signed-in readers need the bell and profile panels: their code loads on demand.
const HeaderMenus = lazy(() => import('./header-menus').then((m) => ({ default: m.HeaderMenus })));

/** The spec's alert for a visitor who opens Workspace (English; Korean readers see its translation). */
export const LOGIN_REQUIRED_ALERT =
  'Login is required to access this service!\nPlease log in to continue.';

const messages = i18n('siteHeader', {
  startPage: 'Repolog start page',
  mainNav: 'Main',
  home: 'Home',
  breakthrough: 'Breakthrough',
  workspace: 'Workspace',
  login: 'Login',
  search: 'Search',
  searchSite: 'Search all of Repolog',
  loginRequired: LOGIN_REQUIRED_ALERT,
});

const NAV_ITEMS = [
  { to: '/home', label: 'home' },
  { to: '/breakthrough', label: 'breakthrough' },
  { to: '/workspace', label: 'workspace' },
] as const;

/** The top navigation bar of spec §2. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const t = useMessages(messages);
  const isStart = pathname === '/';

  const onNavClick = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (to === '/workspace' && session.status === 'out') {
      event.preventDefault();
      window.alert(t.loginRequired);
      void navigate('/login');
    }
  };

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-logo" aria-label={t.startPage}>
          {/* The mark is drawn by global.css: the page's code stays smaller without the drawing. */}
          <span className="site-logo__mark" />
          <span>Repolog</span>
        </Link>
        {!isStart && (
          <nav className={styles.nav} aria-label={t.mainNav}>
            {NAV_ITEMS.map((item) => {
              const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
              return (
                <Link
                  key={item.to}
                  to={item.to}
                  className={`${styles.navItem} ${active ? styles.active : ''}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={(event) => onNavClick(event, item.to)}
                  // Before the page's code runs, public/boot.js shows this to a visitor instead.
                  data-login-alert={item.to === '/workspace' ? t.loginRequired : undefined}
                >
                  {t[item.label]}
                </Link>
              );
            })}
          </nav>
        )}
        <div className={styles.actions}>
          {/* A plain GET form: /search is rendered on the server, so the header needs no code. */}
          <form action="/search" role="search" aria-label={t.searchSite} className="site-search">
            <input type="search" name="q" aria-label={t.search} placeholder={t.search} />
          </form>
          <ThemeToggle />
          {session.status === 'in' && (
            <Suspense fallback={<span className={styles.actionsPlaceholder} />}>
              <HeaderMenus userName={session.userName} />
            </Suspense>
          )}
          {session.status === 'out' && (
            <ButtonLink to="/login" variant="primary">
              {t.login}
            </ButtonLink>
          )}
          {session.status === 'unknown' && <span className={styles.actionsPlaceholder} />}
        </div>
      </div>
    </header>
  );
}
