// @vitest-environment jsdom
import { idToken, watchUser } from './auth';
import { memberAccess } from './member-access';
import { BLOCKED_FLAG } from './ended-session';
import { isAccountBlocked } from './auth-errors';

const currentUser = vi.hoisted(() => ({
  value: null as null | {
    uid?: string;
    getIdTokenResult?: (forceRefresh?: boolean) => Promise<{ claims: Record<string, unknown> }>;
    getIdToken?: () => Promise<string>;
  },
}));

vi.mock('./app', () => ({
  refreshTokenAtStart: undefined,
  auth: {
    get currentUser() {
      return currentUser.value;
    },
  },
}));

/** What Firebase's onAuthStateChanged was last given: the tests call it as Firebase would. */
const authState = vi.hoisted(() => ({ listener: undefined as undefined | ((user: unknown) => void) }));
vi.mock('firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    authState.listener = listener;
    return () => {};
  },
  sendEmailVerification: vi.fn(),
  signOut: vi.fn(),
}));

/** Whether the login page will say the account was blocked (the flag ./ended-session keeps for it). */
const signedOutByBlock = () => sessionStorage.getItem(BLOCKED_FLAG) === 'true';

const disabled = () =>
  Object.assign(new Error('Firebase: Error (auth/user-disabled).'), { code: 'auth/user-disabled' });

describe('idToken', () => {
  it("gives the user's ID token", async () => {
    currentUser.value = { getIdToken: () => Promise.resolve('token') };
    expect(await idToken()).toBe('token');
    expect(await idToken(new AbortController().signal)).toBe('token');
  });

  it('is raced against the abort signal: Cancel works while a token refresh hangs offline', async () => {
    currentUser.value = { getIdToken: () => new Promise<string>(() => {}) };
    const controller = new AbortController();
    const pending = idToken(controller.signal);
    const reason = new DOMException('Download cancelled', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await expect(idToken(controller.signal)).rejects.toBe(reason);
  });

  it('remembers a blocked account (auth/user-disabled) until the next sign-in, whichever request found it', async () => {
    watchUser(() => {});
    authState.listener!({ uid: 'someone' });
    expect(signedOutByBlock()).toBe(false);
    currentUser.value = { getIdToken: () => Promise.reject(new Error('auth/network-request-failed')) };
    await expect(idToken()).rejects.toThrow('network');
    expect(signedOutByBlock()).toBe(false);

    const error = disabled();
    currentUser.value = { getIdToken: () => Promise.reject(error) };
    await expect(idToken()).rejects.toBe(error);
    expect(signedOutByBlock()).toBe(true);
    authState.listener!(null); // Firebase signs the blocked account out
    expect(signedOutByBlock()).toBe(true);
    authState.listener!({ uid: 'someone' }); // someone signs in again
    expect(signedOutByBlock()).toBe(false);

    currentUser.value = { getIdTokenResult: () => Promise.reject(disabled()) };
    await expect(memberAccess(true)).rejects.toMatchObject({ code: 'auth/user-disabled' });
    expect(signedOutByBlock()).toBe(true);
    authState.listener!({ uid: 'someone' });
    await expect(memberAccess()).rejects.toMatchObject({ code: 'auth/user-disabled' });
    expect(signedOutByBlock()).toBe(true);
  });
});

describe('memberAccess', () => {
  it('reads the claims of the current ID token, or of a new one (Check again)', async () => {
    const getIdTokenResult = vi.fn((forceRefresh?: boolean) =>
      Promise.resolve({
        claims: forceRefresh
          ? { approved: true, organiser: true, name: 'Kari Haugen', email: 'kari@example.org' }
          : {},
      }),
    );
    currentUser.value = { uid: 'kari', getIdTokenResult };
    expect(await memberAccess()).toEqual({
      uid: 'kari',
      approved: false,
      organiser: false,
      name: undefined,
      email: undefined,
    });
    expect(getIdTokenResult).toHaveBeenLastCalledWith(false);
    expect(await memberAccess(true)).toEqual({
      uid: 'kari',
      approved: true,
      organiser: true,
      name: 'Kari Haugen',
      email: 'kari@example.org',
    });
    expect(getIdTokenResult).toHaveBeenLastCalledWith(true);
  });

  it('only the boolean true counts as a claim; a name or address that is not text is none', async () => {
    currentUser.value = {
      uid: 'ola',
      getIdTokenResult: () =>
        Promise.resolve({ claims: { approved: 'true', organiser: 1, name: 7, email: ['a@b.c'] } }),
    };
    expect(await memberAccess(true)).toEqual({
      uid: 'ola',
      approved: false,
      organiser: false,
      name: undefined,
      email: undefined,
    });
  });

  it('rejects when nobody is signed in, and passes Auth errors on', async () => {
    currentUser.value = null;
    await expect(memberAccess(true)).rejects.toThrow('Not signed in');
    const error = disabled();
    currentUser.value = { getIdTokenResult: () => Promise.reject(error) };
    await expect(memberAccess(true)).rejects.toBe(error);
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
