/**
 * What the Admin SDK does not cover, on the Auth emulator's REST API: a user's own sign-in (as the browser does it,
 * for benchmarks and tests), the emulator's own /emulator/v1 endpoints (the verification links it "sent", its
 * project config). Accounts, claims and blocking go through firebase-admin (admin/firebase-admin.ts).
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

/** The Auth emulator's own project settings (GET/PATCH /emulator/v1/projects/<id>/config). */
export interface EmulatorProjectConfig {
  signIn?: { allowDuplicateEmails?: boolean };
  emailPrivacyConfig?: { enableImprovedEmailPrivacy?: boolean };
}

export async function emulatorConfig(emulator: AuthEmulator): Promise<EmulatorProjectConfig> {
  return call<EmulatorProjectConfig>(emulator, `/emulator/v1/projects/${emulator.projectId}/config`);
}

export async function updateEmulatorConfig(
  emulator: AuthEmulator,
  config: EmulatorProjectConfig,
): Promise<EmulatorProjectConfig> {
  return call<EmulatorProjectConfig>(emulator, `/emulator/v1/projects/${emulator.projectId}/config`, {
    method: 'PATCH',
    body: JSON.stringify(config),
  });
}
