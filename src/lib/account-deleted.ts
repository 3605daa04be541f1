/**
 * "Delete my account" ends on the login page, which says the account is gone. The deletion signs the member out,
 * and the members area's guard sends a signed-out visitor to the login page by itself (its navigation can overtake
 * the page's own), so the news travels in sessionStorage, once: set just before the account is deleted, read by the
 * login page, then removed.
 */
const KEY = 'reunion-account-deleted';

export interface AccountDeleted {
  /** How many photos went with the account. */
  photos: number;
}

export function rememberAccountDeleted(value: AccountDeleted): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage refused: the login page simply does not say it.
  }
}

/** The news, if the account was just deleted (read only: see forgetAccountDeleted). */
export function accountDeleted(): AccountDeleted | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<AccountDeleted> | null;
    return value && typeof value.photos === 'number' ? { photos: value.photos } : undefined;
  } catch {
    return undefined;
  }
}

export function forgetAccountDeleted(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
