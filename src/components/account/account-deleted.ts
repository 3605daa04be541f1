/** The navigation state the login page gets after "Delete my account": it says the account is gone. */
export interface AccountDeletedState {
  accountDeleted: { photos: number };
}

export function accountDeletedOf(state: unknown): AccountDeletedState['accountDeleted'] | undefined {
  const value = (state as Partial<AccountDeletedState> | null)?.accountDeleted;
  return value && typeof value.photos === 'number' ? value : undefined;
}
