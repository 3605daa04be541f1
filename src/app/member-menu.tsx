import { useEffect, useState } from 'react';
import { Badge, Button, Nav, NavDropdown } from 'react-bootstrap';
import { NavLink, useNavigate } from 'react-router';
import { navPages, pagePath } from '../config/pages';
import { useAuth } from '../components/auth-context';
import { useWaitingCount } from '../components/waiting-photos';
import { m } from '../paraglide/messages.js';
import '../styles/bootstrap-lazy.scss';

/** Whether the signed-in member is an organiser (the `organiser` claim of the ID token). */
function useOrganiser(uid: string | undefined): boolean {
  const [organiser, setOrganiser] = useState<{ uid: string; value: boolean } | undefined>();
  useEffect(() => {
    if (!uid) return;
    let active = true;
    // Firebase Auth is loaded already (someone is signed in); the claim is read from its ID token.
    import('../firebase/photo-access')
      .then(({ photoAccess }) => photoAccess())
      .then(
        (access) => {
          if (active) setOrganiser({ uid, value: access.organiser });
        },
        () => {},
      );
    return () => {
      active = false;
    };
  }, [uid]);
  return !!uid && organiser?.uid === uid && organiser.value;
}

/**
 * The signed-in navigation: a Members menu with Downloads and Photos (for organisers with the number of photos
 * waiting for their approval), and Logout (signs out, goes to the login page).
 */
export default function MemberMenu({ onNavigate }: { onNavigate: () => void }) {
  const { signOut, member } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const organiser = useOrganiser(member?.uid);
  const waiting = useWaitingCount(organiser);

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
      <NavDropdown
        title={
          waiting ? (
            <>
              {m.nav_members()}{' '}
              <Badge bg="warning" text="dark" pill className="waiting-count">
                {waiting}
                <span className="visually-hidden">
                  {' '}
                  {m.nav_waiting_photos({ count: waiting, n: String(waiting) })}
                </span>
              </Badge>
            </>
          ) : (
            m.nav_members()
          )
        }
        id="members-menu"
      >
        {navPages('members').map(({ page, label, count }) => (
          <NavDropdown.Item key={page} as={NavLink} to={pagePath(page)} end onClick={onNavigate}>
            {label()}
            {count === 'waiting-photos' && waiting ? (
              <>
                {' '}
                <Badge bg="warning" text="dark" pill className="waiting-count">
                  {waiting}
                  <span className="visually-hidden">
                    {' '}
                    {m.nav_waiting_photos({ count: waiting, n: String(waiting) })}
                  </span>
                </Badge>
              </>
            ) : null}
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
