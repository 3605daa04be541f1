import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { CollapsibleNavbar, NavbarCollapse, NavbarToggler } from '../components/collapsible-navbar';
import { ErrorBoundary, LoadFailure } from '../components/error-boundary';
import { PageLoading } from '../components/page-loading';
import { navPages, pagePath } from '../config/pages';
import { useAuth } from '../lib/auth-context';
import { m } from '../paraglide/messages.js';
import { LanguageSwitch } from './language-switch';
import { replayEarlyClicks } from '../lib/early-clicks';

const MAIN_NAV = navPages('main');

const MemberMenu = lazy(() => import('./member-menu'));

/**
 * Rendered beside the page, inside its Suspense boundary: its effect runs once the page's content has hydrated
 * (React hydrates a boundary whole), and the buttons clicked before the app started are clicked again then.
 */
function AfterPageHydrated() {
  useEffect(replayEarlyClicks, []);
  return null;
}

function Placeholder() {
  // Keeps the slot's size while the account state or the menu loads, so nothing jumps or flashes.
  return (
    <div className="ms-md-auto account-nav navbar-nav" aria-hidden="true">
      <span className="nav-link invisible">{m.nav_login()}</span>
    </div>
  );
}

function AccountNav({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  if (user === undefined) return <Placeholder />;
  if (!user) {
    return (
      <div className="ms-md-auto account-nav navbar-nav">
        <NavLink className="nav-link" to={pagePath('login')} onClick={onNavigate}>
          {m.nav_login()}
        </NavLink>
      </div>
    );
  }
  return (
    <Suspense fallback={<Placeholder />}>
      <MemberMenu onNavigate={onNavigate} />
    </Suspense>
  );
}

export function Layout() {
  const [expanded, setExpanded] = useState(false);
  const { pathname, hash } = useLocation();
  const close = () => setExpanded(false);

  // A new page starts at the top, unless a fragment asks for a section (the page scrolls there itself).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on page changes
  }, [pathname]);

  return (
    <>
      <a className="visually-hidden-focusable skip-link" href="#main">
        {m.nav_skip_to_content()}
      </a>
      <header className="site-header">
        <div className="banner">
          <div className="banner-text">
            <p className="site-title">{m.site_title()}</p>
            <p className="site-subtitle">{m.site_subtitle()}</p>
          </div>
        </div>
        <CollapsibleNavbar
          className="navbar-light bg-dark"
          data-bs-theme="dark"
          expanded={expanded}
          onToggle={setExpanded}
        >
          {/* The switch comes first in the HTML and is drawn last on a wide screen (order-md-last): it keeps to the
              right end (ms-auto; the gap spaces it from the menu), so a page drawn before the rest of its HTML has
              arrived does not move it when the menu's links come. */}
          <div className="container gap-md-3">
            <NavbarToggler
              controls="site-nav"
              expanded={expanded}
              onToggle={setExpanded}
              label={m.nav_menu()}
            />
            <LanguageSwitch className="ms-auto order-md-last" />
            <NavbarCollapse id="site-nav" expanded={expanded}>
              <ul className="me-auto navbar-nav">
                {MAIN_NAV.map(({ page, label }) => (
                  <li className="nav-item" key={page}>
                    <NavLink className="nav-link" to={pagePath(page)} onClick={close}>
                      {label()}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <AccountNav onNavigate={close} />
            </NavbarCollapse>
          </div>
        </CollapsibleNavbar>
      </header>
      <main id="main" tabIndex={-1}>
        <div className="py-4 container">
          <ErrorBoundary
            resetKey={pathname}
            fallback={
              <LoadFailure heading={m.common_page_failed_heading()}>
                {m.common_page_failed_text()}
              </LoadFailure>
            }
          >
            <Suspense fallback={<PageLoading />}>
              <Outlet />
              <AfterPageHydrated />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
      <footer className="site-footer">
        <div className="py-3 small container">
          {m.site_footer({ title: m.site_title() })} · <Link to={pagePath('privacy')}>{m.nav_privacy()}</Link>
        </div>
      </footer>
    </>
  );
}
