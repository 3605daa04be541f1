import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import type { LoginRedirectState } from '../features/auth/login-redirect';
import { PageLoading } from './page-loading';

/**
 * The guard of /members: waits for Firebase's answer, lets a signed-in member with a verified e-mail
 * through, and sends anyone else to /login, remembering the page (and hash) they asked for.
 */
export function RequireAuth() {
  const { member, connect } = useAuth();
  const location = useLocation();
  useEffect(connect, [connect]);
  if (member === undefined) {
    return <PageLoading label="Checking your sign-in…" />;
  }
  if (!member) {
    const state: LoginRedirectState = { from: { pathname: location.pathname, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
