import { useState } from 'react';
import { Button, Nav, NavDropdown } from 'react-bootstrap';
import { NavLink, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import '../styles/bootstrap-lazy.scss';

/** The signed-in navigation: a Members menu with Downloads, and Logout (signs out, goes to /login). */
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
      void navigate('/login');
    }
  };

  return (
    <Nav className="ms-md-auto account-nav align-items-md-center">
      <NavDropdown title="Members" id="members-menu">
        <NavDropdown.Item as={NavLink} to="/members" onClick={onNavigate}>
          Downloads
        </NavDropdown.Item>
      </NavDropdown>
      <Button
        variant="outline-light"
        size="sm"
        className="ms-md-2 mt-2 mt-md-0 logout-button"
        onClick={logout}
        disabled={busy}
      >
        Logout
      </Button>
    </Nav>
  );
}
