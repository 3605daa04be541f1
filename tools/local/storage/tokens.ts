/**
 * ID tokens in the Auth emulator's format (alg "none", empty signature: `<header>.<payload>.`): made for tests that
 * talk to the Storage emulator without signing in through the Auth emulator (emulatorIdToken), and read by the
 * emulator as `request.auth` (authTokenOf).
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

/** The claims of a Firebase ID token. */
export interface IdTokenClaims {
  iss?: unknown;
  aud?: unknown;
  sub?: unknown;
  exp?: unknown;
  email?: unknown;
  email_verified?: unknown;
  [claim: string]: unknown;
}

/**
 * Decodes the payload of a JWT without checking its signature (emulator tokens have none).
 * Returns null when the string is not a JWT with a JSON object payload.
 */
export function decodeJwtPayload(token: string): IdTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as IdTokenClaims)
      : null;
  } catch {
    return null;
  }
}

/**
 * The token's claims as `request.auth.token`, or null when the request counts as anonymous: no token, not a JWT,
 * issued for another project or by another issuer, without a subject, or expired. The official emulator only
 * decodes a token; production checks all of that and the signature. No signature can be checked here, so this must
 * never guard anything but the local emulator.
 */
export function authTokenOf(
  token: string | null | undefined,
  projectId: string,
  nowSeconds: number = Date.now() / 1000,
): IdTokenClaims | null {
  if (!token) return null;
  const claims = decodeJwtPayload(token);
  if (!claims) return null;
  if (claims.aud !== projectId) return null;
  if (claims.iss !== `https://securetoken.google.com/${projectId}`) return null;
  if (typeof claims.sub !== 'string' || claims.sub === '') return null;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  return claims;
}
