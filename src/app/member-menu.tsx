import { useState } from 'react';
import { Button, Nav, NavDropdown } from 'react-bootstrap';
import { NavLink, useNavigate } from 'react-router';
import { navPages, pagePath } from '../config/pages';
import { useAuth } from '../components/auth-context';
import { m } from '../paraglide/messages.js';
import '../styles/bootstrap-lazy.scss';

/** The signed-in navigation: a Members menu with Downloads, and Logout (signs out, goes to the login page). */
export default function MemberMenu({ onNavigate }: { onNavigate: () => void }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      console.warn('Sign-out failed', error);
    } finally {
      setBusy(false);
      onNavigate();
      void navigate(pagePath('login'));
    }
  };

  return (
    <Nav className="ms-md-auto account-nav align-items-md-center">
      <NavDropdown title={m.nav_members()} id="members-menu">
        {navPages('members').map(({ page, label }) => (
          <NavDropdown.Item key={page} as={NavLink} to={pagePath(page)} end onClick={onNavigate}>
            {label()}
          </NavDropdown.Item>
        ))}
      </NavDropdown>
      <Button
        variant="outline-light"
        size="sm"
        className="ms-md-2 mt-2 mt-md-0 logout-button"
        onClick={logout}
        disabled={busy}
      >
        {m.nav_logout()}
      </Button>
    </Nav>
  );
}
