/**
 * Unsigned ID tokens in the Auth emulator's format (alg "none", empty signature: `<header>.<payload>.`), for
 * tests that talk to the Storage emulator without signing in through the Auth emulator.
 */
export interface EmulatorTokenOptions {
  projectId: string;
  uid?: string;
  email?: string;
  emailVerified: boolean;
  /** Seconds from now until expiry; negative for an expired token. Default 3600, as the Auth emulator. */
  expiresInSeconds?: number;
  /** Overrides the audience (normally the project id). */
  audience?: string;
  /** The `approved` custom claim an organiser sets (organiser:members approve); absent when undefined. */
  approved?: unknown;
  /** The `organiser` custom claim (organiser:members organiser); absent when undefined. */
  organiser?: unknown;
  /** The account's display name (the token's `name` claim); absent when undefined. */
  name?: string;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function emulatorIdToken(opts: EmulatorTokenOptions): string {
  const now = Math.floor(Date.now() / 1000);
  const uid = opts.uid ?? 'demo-user';
  const email = opts.email ?? `${uid}@example.org`;
  const exp = now + (opts.expiresInSeconds ?? 3600);
  const payload = {
    iss: `https://securetoken.google.com/${opts.projectId}`,
    aud: opts.audience ?? opts.projectId,
    auth_time: Math.min(now, exp - 1),
    user_id: uid,
    sub: uid,
    iat: Math.min(now, exp - 1),
    exp,
    email,
    email_verified: opts.emailVerified,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
    ...(opts.name === undefined ? {} : { name: opts.name }),
    ...(opts.approved === undefined ? {} : { approved: opts.approved }),
    ...(opts.organiser === undefined ? {} : { organiser: opts.organiser }),
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
