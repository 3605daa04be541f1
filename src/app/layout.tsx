import { lazy, Suspense, useEffect, useState } from 'react';
import { Container, Nav, Navbar } from 'react-bootstrap';
import { NavLink, Outlet, useLocation } from 'react-router';
import banner from '../assets/banner.svg';
import { useAuth } from '../features/auth/auth-context';
import { ErrorBoundary, LoadFailure } from '../components/error-boundary';
import { SITE_TITLE, SITE_SUBTITLE } from '../config/site';

const PUBLIC_LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/news', label: 'News' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

const MemberMenu = lazy(() => import('./member-menu'));

function Placeholder() {
  // Keeps the slot's size while the account state or the menu loads, so nothing jumps or flashes.
  return (
    <Nav className="ms-md-auto account-nav" aria-hidden="true">
      <span className="nav-link invisible">Login</span>
    </Nav>
  );
}

function AccountNav({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  if (user === undefined) return <Placeholder />;
  if (!user) {
    return (
      <Nav className="ms-md-auto account-nav">
        <Nav.Link as={NavLink} to="/login" onClick={onNavigate}>
          Login
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
        Skip to main content
      </a>
      <header className="site-header">
        <div className="banner">
          <img className="banner-image" src={banner} alt="" width="1600" height="300" />
          <div className="banner-text">
            <p className="site-title">{SITE_TITLE}</p>
            <p className="site-subtitle">{SITE_SUBTITLE}</p>
          </div>
        </div>
        <Navbar expand="md" bg="dark" data-bs-theme="dark" expanded={expanded} onToggle={setExpanded}>
          <Container>
            <Navbar.Toggle aria-controls="site-nav" label="Menu" aria-expanded={expanded} />
            <Navbar.Collapse id="site-nav">
              <Nav as="ul" className="me-auto">
                {PUBLIC_LINKS.map((link) => (
                  <Nav.Item as="li" key={link.to}>
                    <Nav.Link as={NavLink} to={link.to} onClick={close}>
                      {link.label}
                    </Nav.Link>
                  </Nav.Item>
                ))}
              </Nav>
              <AccountNav onNavigate={close} />
            </Navbar.Collapse>
          </Container>
        </Navbar>
      </header>
      <main id="main" tabIndex={-1}>
        <Container className="py-4">
          <ErrorBoundary
            resetKey={pathname}
            fallback={
              <LoadFailure heading="Something went wrong">
                This page could not be shown. Please check your connection and try again.
              </LoadFailure>
            }
          >
            <Outlet />
          </ErrorBoundary>
        </Container>
      </main>
      <footer className="site-footer">
        <Container className="py-3 small">
          {SITE_TITLE} · July 10th–12th, 2026 · Rolette, North Dakota
        </Container>
      </footer>
    </>
  );
}
