import { pagePath } from '../../config/pages';

/** State the guard passes to the login page, so it can send the member back where they were going. */
export interface LoginRedirectState {
  from?: { pathname: string; hash: string };
}

/** Where a member goes after signing in: the members page they asked for (with its hash), else the members page. */
export function destinationAfterSignIn(state: unknown): string {
  const members = pagePath('members');
  const from = (state as LoginRedirectState | null)?.from;
  return from?.pathname === members ? `${members}${from.hash}` : members;
}
