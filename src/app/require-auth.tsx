import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { pagePath } from '../config/pages';
import type { LoginRedirectState } from '../features/auth/login-redirect';
import { useAuth } from '../lib/auth-context';
import { m } from '../paraglide/messages.js';

/**
 * The guard of the members area: waits for Firebase's answer, lets a signed-in member with a verified
 * e-mail through, and sends anyone else to the login page of the same language, remembering the page
 * (and hash) they asked for.
 */
export function RequireAuth() {
  const { member, connect } = useAuth();
  const location = useLocation();
  useEffect(connect, [connect]);
  if (member === undefined) {
    return <PageLoading label={m.common_checking_sign_in()} />;
  }
  if (!member) {
    const state: LoginRedirectState = { from: { pathname: location.pathname, hash: location.hash } };
    return <Navigate to={pagePath('login')} replace state={state} />;
  }
  return <Outlet />;
}
