/**
 * TypeScript mirror of storage.rules, used by the local Storage emulator (tools/local/storage/emulator.ts) in
 * place of the Java rules runtime that cannot run here.
 *
 * THE RULES (same as storage.rules; the two must change together, and rules.test.ts fails when storage.rules
 * changes and MIRRORED_RULES_SHA256 below does not):
 *   - Under members/:
 *       get:  request.auth != null && request.auth.token.email_verified == true  ("verified")
 *             && (resource == null                                  (no such file: 404, not 403)
 *                 || resource.metadata.access == 'verified'        (an ordinary file)
 *                 || request.auth.token.approved == true)          (an approved account);
 *       no list (the site never lists), no client writes (create, update, delete).
 *   - Everything else: denied.
 *   A folder the site comes to list gets its own match in storage.rules; here, its own branch before the members
 *   rule (see isPermitted).
 *
 * What the emulator hands to a ruleset's verify() (firebase-tools 15.34.2, emulator/storage/files.js):
 *   - method: 'get' | 'list' | 'create' | 'update' | 'delete' (RulesetOperationMethod in rules/types.js).
 *   - path:   'b/<bucket>/o/<object name>' with NO leading slash, e.g. 'b/demo-reunion.firebasestorage.app/o/members/x.pdf'.
 *             For list it is 'b/<bucket>/o/<prefix without trailing slashes>', so listing the prefix 'members/'
 *             gives 'b/<bucket>/o/members' and listing the bucket root gives 'b/<bucket>/o/'.
 *             (The Java runtime would add a leading '/' itself; we accept the path with or without it.)
 *   - token:  the second word of the Authorization header ('Firebase <jwt>' or 'Bearer <jwt>'), or undefined.
 *             Admin credentials ('Bearer owner', 'Firebase owner') never reach verify(): the emulator lets them through.
 *   - file:   for get and delete `{ before: <the stored object as a rules resource> }` (undefined `before` when the
 *             object does not exist), whose `metadata` is the object's custom metadata ({} when it has none); for
 *             create/update also `after`; for list `{}`. That is `resource` in storage.rules.
 *
 * Tokens: emulator ID tokens are unsigned JWTs (alg "none"). The official emulator only decodes them (no check of
 * signature, aud or exp). This mirror is a little closer to production: it also requires aud == project id,
 * iss == https://securetoken.google.com/<project id>, a non-empty sub, and exp in the future. It cannot check a
 * signature, so it must never guard anything but the local emulator.
 */
import { createHash } from 'node:crypto';

import {
  ACCESS_METADATA_KEY,
  ACCESS_VERIFIED,
  APPROVED_CLAIM,
} from '../../../organiser/bucket/member-files.ts';

/**
 * SHA-256 of storage.rules as normaliseRules() leaves it: the version of the rules this file mirrors. When
 * storage.rules changes, rules.test.ts fails until this mirror has been brought in line and the hash updated
 * (the test prints the new one).
 */
export const MIRRORED_RULES_SHA256 = '047e194f77dd11b19e9c9229e5d0e33c7c3986a9a608817b2fed5ebbd6c47ddf';

/** storage.rules without comments and with whitespace collapsed: a change in wording of a comment is no drift. */
export function normaliseRules(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}();:,=!&|<>])\s*/g, '$1')
    .trim();
}

export function rulesHash(text: string): string {
  return createHash('sha256').update(normaliseRules(text)).digest('hex');
}

export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** The first segment of the object path that storage.rules guards: `match /members/{allPaths=**}`. */
const MEMBERS_SEGMENT = 'members';

/** The parts of the stored object (`resource` in storage.rules) the rules read. */
export interface RulesResource {
  /** Custom metadata. */
  metadata?: Record<string, unknown> | null;
}

export interface RulesRequest {
  method: string;
  /** As the emulator passes it: 'b/<bucket>/o/<object path>' (a leading '/' is accepted too). */
  path: string;
  /** The raw ID token (JWT) or nothing for an anonymous request. */
  token?: string | null;
  /** `resource`: the stored object for get and delete (what the emulator passes as file.before); none if missing. */
  resource?: RulesResource | null;
}

/** The claims of a Firebase ID token that the rule (and the token checks) read. */
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
 * `request.auth.token` as the rules would see it, or null when the request is not authenticated
 * (no token, not a JWT, issued for another project, or expired).
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

/**
 * The object path inside the bucket for a rules path 'b/<bucket>/o/<object path>', or null when the path is not
 * under `match /b/{bucket}/o` at all. Empty segments are dropped, as the rules runtime does.
 */
export function objectSegmentsOf(path: string): string[] | null {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length < 3 || segments[0] !== 'b' || segments[2] !== 'o') return null;
  return segments.slice(3);
}

/** True when storage.rules would allow the request. */
export function isPermitted(
  req: RulesRequest,
  projectId: string,
  nowSeconds: number = Date.now() / 1000,
): boolean {
  const objectSegments = objectSegmentsOf(req.path);
  // match /b/{bucket}/o { match /members/{allPaths=**} { ... } }: `**` (rules_version 2) matches zero or more
  // segments, so the path 'members' itself (a list of the prefix 'members/') is inside the match.
  if (!objectSegments || objectSegments[0] !== MEMBERS_SEGMENT) return false;

  // Only `allow get`: no list (nothing allows it), no create, update or delete.
  if (req.method !== 'get') return false;

  // isVerified(): request.auth != null && request.auth.token.email_verified == true
  const auth = authTokenOf(req.token, projectId, nowSeconds);
  if (auth === null || auth.email_verified !== true) return false;

  // allow get: if isVerified() && (resource == null || isOpenToVerified() || isApproved());
  const resource = req.resource;
  if (resource === null || resource === undefined) return true;
  // isOpenToVerified(): 'access' in resource.metadata && resource.metadata.access == 'verified'
  const metadata = resource.metadata;
  if (
    metadata &&
    Object.hasOwn(metadata, ACCESS_METADATA_KEY) &&
    metadata[ACCESS_METADATA_KEY] === ACCESS_VERIFIED
  ) {
    return true;
  }
  // isApproved(): 'approved' in request.auth.token && request.auth.token.approved == true
  return Object.hasOwn(auth, APPROVED_CLAIM) && auth[APPROVED_CLAIM] === true;
}
