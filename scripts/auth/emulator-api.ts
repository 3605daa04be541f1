/**
 * The Auth emulator's REST API (the same endpoints as Google's Identity Toolkit, plus the emulator's own
 * /emulator/v1 endpoints). Used to seed demo accounts and, in tests, to read verification links.
 */
export interface AuthEmulator {
  url: string;
  projectId: string;
  apiKey?: string;
}

async function call<T>(emulator: AuthEmulator, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${emulator.url}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner', ...init.headers },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Auth emulator ${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const key = (emulator: AuthEmulator) => emulator.apiKey ?? 'demo-api-key';

export async function createAccount(
  emulator: AuthEmulator,
  account: { email: string; password: string; displayName?: string; verified: boolean },
): Promise<string> {
  const { localId } = await call<{ localId: string }>(
    emulator,
    `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${key(emulator)}`,
    {
      method: 'POST',
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    },
  );
  await call(emulator, `/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:update`, {
    method: 'POST',
    body: JSON.stringify({ localId, emailVerified: account.verified, displayName: account.displayName }),
  });
  return localId;
}

export async function deleteAllAccounts(emulator: AuthEmulator): Promise<void> {
  await call(emulator, `/emulator/v1/projects/${emulator.projectId}/accounts`, { method: 'DELETE' });
}

export interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The out-of-band links (e-mail verification, password reset) the emulator has "sent". */
export async function oobCodes(emulator: AuthEmulator): Promise<OobCode[]> {
  const { oobCodes: codes } = await call<{ oobCodes: OobCode[] }>(
    emulator,
    `/emulator/v1/projects/${emulator.projectId}/oobCodes`,
  );
  return codes;
}

/** Signs in with e-mail and password through the REST API; returns the ID token. */
export async function signInWithPassword(
  emulator: AuthEmulator,
  email: string,
  password: string,
): Promise<string> {
  const { idToken } = await call<{ idToken: string }>(
    emulator,
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${key(emulator)}`,
    { method: 'POST', body: JSON.stringify({ email, password, returnSecureToken: true }) },
  );
  return idToken;
}
