import { pageAt, pageDefinition, pagePath, type PlainPage } from '../../config/pages';
import { currentLocale } from '../../lib/locale';

/** State the guard passes to the login page, so it can send the member back where they were going. */
export interface LoginRedirectState {
  from?: { pathname: string; hash: string };
}

/**
 * Where a member goes after signing in: the members-only page they asked for (the members area, the photos, a
 * picture's who is who), in this document's language, with its hash, else the members area.
 */
export function destinationAfterSignIn(state: unknown): string {
  const members = pagePath('members');
  const from = (state as LoginRedirectState | null)?.from;
  const asked = from && pageAt(from.pathname);
  if (!asked || pageDefinition(asked.page).access !== 'member') return members;
  const path = asked.params
    ? pagePath(asked.page, currentLocale(), asked.params)
    : pagePath(asked.page as PlainPage);
  return path === from.pathname ? `${path}${from.hash}` : members;
}
