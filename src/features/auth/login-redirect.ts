import { MEMBER_PAGES, pagePath } from '../../config/pages';

/** State the guard passes to the login page, so it can send the member back where they were going. */
export interface LoginRedirectState {
  from?: { pathname: string; hash: string };
}

/**
 * Where a member goes after signing in: the members-only page they asked for (the members area, the photos), with
 * its hash, else the members area.
 */
export function destinationAfterSignIn(state: unknown): string {
  const members = pagePath('members');
  const from = (state as LoginRedirectState | null)?.from;
  const asked = MEMBER_PAGES.map((page) => pagePath(page)).find((path) => path === from?.pathname);
  return asked ? `${asked}${from?.hash ?? ''}` : members;
}
