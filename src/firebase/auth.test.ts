import { refreshIdToken, accountAccess } from './auth';
import { isAccountBlocked } from './auth-errors';

const currentUser = vi.hoisted(() => ({
  value: null as null | {
    getIdTokenResult: (forceRefresh?: boolean) => Promise<{ claims: Record<string, unknown> }>;
  },
}));

vi.mock('./app', () => ({
  auth: {
    get currentUser() {
      return currentUser.value;
    },
  },
}));

describe('refreshIdToken', () => {
  it('forces a new ID token and reports the approved claim it carries', async () => {
    const getIdTokenResult = vi.fn((forceRefresh?: boolean) =>
      Promise.resolve({ claims: forceRefresh ? { approved: true } : {} }),
    );
    currentUser.value = { getIdTokenResult };
    expect(await accountAccess()).toEqual({ approved: false });
    expect(await refreshIdToken()).toEqual({ approved: true });
    expect(getIdTokenResult).toHaveBeenLastCalledWith(true);
  });

  it('only the boolean true counts as approved', async () => {
    currentUser.value = { getIdTokenResult: () => Promise.resolve({ claims: { approved: 'true' } }) };
    expect(await refreshIdToken()).toEqual({ approved: false });
  });

  it('rejects when nobody is signed in, and passes Auth errors on', async () => {
    currentUser.value = null;
    await expect(refreshIdToken()).rejects.toThrow('Not signed in');
    const disabled = Object.assign(new Error('Firebase: Error (auth/user-disabled).'), {
      code: 'auth/user-disabled',
    });
    currentUser.value = { getIdTokenResult: () => Promise.reject(disabled) };
    await expect(refreshIdToken()).rejects.toBe(disabled);
  });
});

describe('isAccountBlocked', () => {
  it('is true for auth/user-disabled only', () => {
    expect(isAccountBlocked({ code: 'auth/user-disabled' })).toBe(true);
    expect(isAccountBlocked({ code: 'auth/wrong-password' })).toBe(false);
    expect(isAccountBlocked(new Error('x'))).toBe(false);
    expect(isAccountBlocked(null)).toBe(false);
  });

  it('is false for what only looks like it', () => {
    for (const error of [new Error('auth/user-disabled'), undefined, 'auth/user-disabled'])
      expect(isAccountBlocked(error)).toBe(false);
  });
});
