import { useState } from 'react';
import { Badge, Button, Nav, NavDropdown } from 'react-bootstrap';
import { NavLink, useNavigate } from 'react-router';
import { navPages, pagePath, type Page } from '../config/pages';
import type { User } from 'firebase/auth';
import { useAuth } from '../lib/auth-context';
import { useLoad } from '../lib/use-load';
import { ORGANISER_CLAIM } from '../domain/access';
import { useWaitingCount } from '../features/photos/waiting-count';
import { m } from '../paraglide/messages.js';
import '../styles/bootstrap-lazy.scss';

/** The page that shows the photos waiting for approval: organisers see their number beside it. */
const WAITING_PHOTOS_PAGE: Page = 'members/photos';

/** Whether the signed-in member is an organiser (the `organiser` claim of the member's ID token). */
function useOrganiser(member: User | null | undefined): boolean {
  const { state } = useLoad(member ? `account/organiser/${member.uid}` : undefined, async () => {
    const { claims } = await member!.getIdTokenResult();
    return claims[ORGANISER_CLAIM] === true;
  });
  return !!member && state.value === true;
}

/** The number of photos waiting for an organiser, with its words for screen readers. */
function WaitingBadge({ waiting }: { waiting: number }) {
  return (
    <Badge bg="warning" text="dark" pill className="waiting-count">
      {waiting}
      <span className="visually-hidden"> {m.nav_waiting_photos({ count: waiting, n: String(waiting) })}</span>
    </Badge>
  );
}

/**
 * The signed-in navigation: a Members menu with Downloads and Photos (for organisers with the number of photos
 * waiting for their approval), and Logout (signs out, goes to the login page).
 */
export default function MemberMenu({ onNavigate }: { onNavigate: () => void }) {
  const { signOut, member } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const organiser = useOrganiser(member);
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
              {m.nav_members()} <WaitingBadge waiting={waiting} />
            </>
          ) : (
            m.nav_members()
          )
        }
        id="members-menu"
      >
        {navPages('members').map(({ page, label }) => (
          <NavDropdown.Item key={page} as={NavLink} to={pagePath(page)} end onClick={onNavigate}>
            {label()}
            {page === WAITING_PHOTOS_PAGE && waiting ? (
              <>
                {' '}
                <WaitingBadge waiting={waiting} />
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
