import { lazy, Suspense, useEffect, useState } from 'react';
import { Container, Nav } from 'react-bootstrap';
import NavbarCollapse from 'react-bootstrap/NavbarCollapse';
import NavbarToggle from 'react-bootstrap/NavbarToggle';
import { NavLink, Outlet, useLocation } from 'react-router';
import banner from '../assets/banner.svg';
import { CollapsibleNavbar } from '../components/collapsible-navbar';
import { ErrorBoundary, LoadFailure } from '../components/error-boundary';
import { PageLoading } from '../components/page-loading';
import { pagePath, PUBLIC_PAGES, type Page } from '../config/pages';
import { useAuth } from '../features/auth/auth-context';
import { m } from '../paraglide/messages.js';
import { LanguageSwitch } from './language-switch';

const NAV_LABELS: Record<(typeof PUBLIC_PAGES)[number] | Extract<Page, 'login'>, () => string> = {
  home: m.nav_home,
  news: m.nav_news,
  about: m.nav_about,
  contact: m.nav_contact,
  login: m.nav_login,
};

const MemberMenu = lazy(() => import('./member-menu'));

function Placeholder() {
  // Keeps the slot's size while the account state or the menu loads, so nothing jumps or flashes.
  return (
    <Nav className="ms-md-auto account-nav" aria-hidden="true">
      <span className="nav-link invisible">{m.nav_login()}</span>
    </Nav>
  );
}

function AccountNav({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  if (user === undefined) return <Placeholder />;
  if (!user) {
    return (
      <Nav className="ms-md-auto account-nav">
        <Nav.Link as={NavLink} to={pagePath('login')} onClick={onNavigate}>
          {NAV_LABELS.login()}
        </Nav.Link>
      </Nav>
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
          <img className="banner-image" src={banner} alt="" width="1600" height="300" />
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
          <Container>
            <NavbarToggle aria-controls="site-nav" label={m.nav_menu()} aria-expanded={expanded} />
            <LanguageSwitch className="ms-auto order-md-last ms-md-3" />
            <NavbarCollapse id="site-nav">
              <Nav as="ul" className="me-auto">
                {PUBLIC_PAGES.map((page) => (
                  <Nav.Item as="li" key={page}>
                    <Nav.Link as={NavLink} to={pagePath(page)} onClick={close}>
                      {NAV_LABELS[page]()}
                    </Nav.Link>
                  </Nav.Item>
                ))}
              </Nav>
              <AccountNav onNavigate={close} />
            </NavbarCollapse>
          </Container>
        </CollapsibleNavbar>
      </header>
      <main id="main" tabIndex={-1}>
        <Container className="py-4">
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
            </Suspense>
          </ErrorBoundary>
        </Container>
      </main>
      <footer className="site-footer">
        <Container className="py-3 small">{m.site_footer({ title: m.site_title() })}</Container>
      </footer>
    </>
  );
}
