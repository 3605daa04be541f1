/**
 * TypeScript mirror of storage.rules, used by the local Storage emulator (tools/local/storage/emulator.ts) in
 * place of the Java rules runtime that cannot run here.
 *
 * THE RULES (same as storage.rules; the two must change together, and rules.test.ts fails when storage.rules
 * changes and MIRRORED_RULES_SHA256 below does not). "verified": request.auth != null &&
 * request.auth.token.email_verified == true; "approved": the token's approved == true; "organiser": verified and
 * the token's organiser == true.
 *   - match /members/{folder}/{allPaths=**}, folder not 'photos' nor 'faces' (the catalogue):
 *       list: nobody (the site never lists the catalogue's folders; a listing would name files the account may not
 *             read; members/ itself, listed without a delimiter, would name the waiting photos);
 *       get:  verified && (resource == null                                  (no such file: 404, not 403)
 *                          || resource.metadata.access == 'verified'        (an ordinary file)
 *                          || approved);                                    (an approved account)
 *       no client writes (create, update, delete).
 *   - members/photos/ (src/domain/photos.ts: paths, limits, metadata keys). "self": verified and uid == auth.uid;
 *     "sharer": verified and (no such file, or its metadata's uploaderUid == auth.uid); every create: resource ==
 *     null, the content type and size limit, and none of cacheControl, contentDisposition, contentEncoding,
 *     contentLanguage set (absent, null or empty):
 *       pending                      list: organiser
 *       pending/{uid}, .../thumbnails list: self or organiser
 *       pending/{uid}/{file}          get, delete: self or organiser; create: self and approved, file a photo id +
 *       pending/{uid}/thumbnails/{file}   '.jpg', image/jpeg, <= 10 MiB (thumbnails 512 KiB), the pending metadata
 *                                     keys and formats, uploaderUid == uid, uploaderEmail == token email,
 *                                     uploaderName == token name
 *       shared                       list: approved (verified) or organiser
 *       shared/{file}, shared/thumbnails/{file}
 *                                     get: approved, organiser or sharer; delete: organiser or sharer; create:
 *                                     organiser, image/jpeg, the shared metadata keys (takenAt, width, height,
 *                                     uploaderUid) exactly
 *       shared/details/{file}         get, delete: as above; create: organiser, photo id + '.json',
 *                                     application/json, <= 4 KiB, metadata exactly uploaderUid
 *       shared/uploaders/{uid}        list: self or organiser
 *       shared/uploaders/{uid}/{file} delete: self or organiser; create: organiser, file a photo id,
 *                                     application/octet-stream, 0 bytes, no custom metadata
 *       nothing else (no update anywhere).
 *   - members/faces/{fileId}/ (src/domain/faces.ts: paths, limits, metadata keys); "may see faces": organiser, or
 *     verified and approved:
 *       image.dzi, image_files/{level}/{tile}  get: may see faces
 *       faces.json                    get: may see faces; create (over the old one too): organiser, fileId a file id,
 *                                     application/json, <= 512 KiB, none of the serving headers, no custom metadata
 *       suggestions                   list: organiser
 *       suggestions/{uid}             list: self or organiser
 *       suggestions/{uid}/{file}      get, delete: self or organiser; create: self and approved, file a suggestion id
 *                                     + '.json', new, application/json, <= 4 KiB, metadata keys suggesterUid,
 *                                     suggesterEmail (suggesterName optional) and nothing else, suggesterUid == uid,
 *                                     suggesterEmail == token email, suggesterName == token name
 *       nothing else.
 *   - Everything else: denied.
 *   Several matches may apply to one path (e.g. pending/{uid}/thumbnails is both a folder to list and a {file});
 *   as in the rules language, a request is allowed when any of them allows it.
 *
 * What the emulator hands to a ruleset's verify() (firebase-tools 15.34.2, emulator/storage/files.js):
 *   - method: 'get' | 'list' | 'create' | 'update' | 'delete' (RulesetOperationMethod in rules/types.js).
 *   - path:   'b/<bucket>/o/<object name>' with NO leading slash, e.g. 'b/demo-reunion.firebasestorage.app/o/members/x.pdf'.
 *             For list it is 'b/<bucket>/o/<prefix without trailing slashes>', so listing the prefix 'members/'
 *             gives 'b/<bucket>/o/members' and listing the bucket root gives 'b/<bucket>/o/'.
 *             (The Java runtime would add a leading '/' itself; we accept the path with or without it.)
 *   - token:  the second word of the Authorization header ('Firebase <jwt>' or 'Bearer <jwt>'), or undefined.
 *             Admin credentials ('Bearer owner', 'Firebase owner') never reach verify(): the emulator lets them through.
 *   - file:   `before`: the stored object as a rules resource (undefined when it does not exist), for get, delete,
 *             create and update: `resource` in storage.rules. `after`: the object as it would be stored, for create
 *             (every upload, an overwrite too) and update: `request.resource`, with `size` (bytes), `contentType`
 *             and `metadata` (the custom metadata; {} when none). For list `{}`.
 *
 * Tokens: emulator ID tokens are unsigned JWTs (alg "none"). The official emulator only decodes them (no check of
 * signature, aud or exp). This mirror is a little closer to production: it also requires aud == project id,
 * iss == https://securetoken.google.com/<project id>, a non-empty sub, and exp in the future. It cannot check a
 * signature, so it must never guard anything but the local emulator.
 */
import { createHash } from 'node:crypto';

import { ACCESS_METADATA_KEY, ACCESS_VERIFIED, APPROVED_CLAIM } from '../../../admin/bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../../src/domain/access.ts';
import {
  DETAILS_CONTENT_TYPE,
  DETAILS_FILE_PATTERN,
  DETAILS_METADATA_KEYS,
  DIMENSION_PATTERN,
  MARKER_FILE_PATTERN,
  MAX_CAPTION_LENGTH,
  MAX_DETAILS_BYTES,
  MAX_PHOTO_BYTES,
  MAX_THUMBNAIL_BYTES,
  PENDING_METADATA_KEYS,
  PHOTO_CONTENT_TYPE,
  PHOTO_FILE_PATTERN,
  REQUIRED_PENDING_METADATA_KEYS,
  SERVING_FIELDS,
  SHARED_METADATA_KEYS,
  TAKEN_AT_PATTERN,
  captionLength,
} from '../../../src/domain/photos.ts';
import {
  FACES_CONTENT_TYPE,
  FILE_ID_PATTERN,
  MAX_FACES_BYTES,
  MAX_SUGGESTION_BYTES,
  REQUIRED_SUGGESTION_METADATA_KEYS,
  SUGGESTION_FILE_PATTERN,
  SUGGESTION_METADATA_KEYS,
} from '../../../src/domain/faces.ts';

/**
 * SHA-256 of storage.rules as normaliseRules() leaves it: the version of the rules this file mirrors. When
 * storage.rules changes, rules.test.ts fails until this mirror has been brought in line and the hash updated
 * (the test prints the new one).
 */
export const MIRRORED_RULES_SHA256 = '4759f6822d3f7bf00bad385d5c3dd8600f1ec3b474e0558854c02450817dc1a6';

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

/** The parts of a stored object (`resource`) or of the object a write would store (`request.resource`) the rules read. */
export interface RulesResource {
  /** Custom metadata. */
  metadata?: Record<string, unknown> | null;
  /** Bytes (request.resource.size). */
  size?: number;
  contentType?: string;
  /** The headers Storage serves the object with (absent when not set). */
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
}

export interface RulesRequest {
  method: string;
  /** As the emulator passes it: 'b/<bucket>/o/<object path>' (a leading '/' is accepted too). */
  path: string;
  /** The raw ID token (JWT) or nothing for an anonymous request. */
  token?: string | null;
  /** `resource`: the stored object (what the emulator passes as file.before); none if it does not exist. */
  resource?: RulesResource | null;
  /** `request.resource`: the object a create or update would store (the emulator's file.after). */
  requestResource?: RulesResource | null;
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

/** Everything a rule's condition reads. */
interface RuleContext {
  method: StorageMethod;
  /** `request.auth.token`, or null (anonymous, or a token the mirror does not accept). */
  auth: IdTokenClaims | null;
  resource: RulesResource | null;
  requestResource: RulesResource | null;
  /** The path's wildcards, by name. */
  params: Record<string, string>;
}

type Condition = (ctx: RuleContext) => boolean;

/** One `match` block: its path below /b/{bucket}/o ('{name}' one segment, '{name=**}' zero or more) and allows. */
interface MatchBlock {
  path: string;
  allow: Partial<Record<StorageMethod, Condition>>;
}

const METHODS: ReadonlySet<string> = new Set<StorageMethod>(['get', 'list', 'create', 'update', 'delete']);

// isVerified(): request.auth != null && request.auth.token.email_verified == true
const isVerified = ({ auth }: RuleContext) => auth !== null && auth.email_verified === true;
const claimIsTrue = (auth: IdTokenClaims | null, claim: string) =>
  auth !== null && Object.hasOwn(auth, claim) && auth[claim] === true;
// isApproved(): 'approved' in request.auth.token && request.auth.token.approved == true
const isApproved = ({ auth }: RuleContext) => claimIsTrue(auth, APPROVED_CLAIM);
// isOrganiser(): isVerified() && 'organiser' in request.auth.token && request.auth.token.organiser == true
const isOrganiser = (ctx: RuleContext) => isVerified(ctx) && claimIsTrue(ctx.auth, ORGANISER_CLAIM);

/** `string.matches(re)`: the whole string (the patterns are anchored); false for anything but a string. */
const matches = (value: unknown, pattern: string) =>
  typeof value === 'string' && new RegExp(pattern).test(value);

// isPhotoFile(file): file.matches('^[A-Za-z0-9_-]{8,64}[.]jpg$')
const isPhotoFile = (file: string | undefined) => matches(file, PHOTO_FILE_PATTERN);

// isUnset(field): !(field in request.resource) || request.resource[field] == null || request.resource[field] == ''
const isUnset = (resource: RulesResource, field: (typeof SERVING_FIELDS)[number]) =>
  !Object.hasOwn(resource, field) ||
  resource[field] === null ||
  resource[field] === undefined ||
  resource[field] === '';

// isServedAsIs(contentType, maxBytes): request.resource.contentType == contentType
//   && request.resource.size <= maxBytes && isUnset(each serving field)
function isServedAsIs({ requestResource }: RuleContext, contentType: string, maxBytes: number): boolean {
  return (
    requestResource !== null &&
    requestResource.contentType === contentType &&
    typeof requestResource.size === 'number' &&
    requestResource.size <= maxBytes &&
    SERVING_FIELDS.every((field) => isUnset(requestResource, field))
  );
}

// isNew(contentType, maxBytes): resource == null && isServedAsIs(contentType, maxBytes)
const isNew = (ctx: RuleContext, contentType: string, maxBytes: number) =>
  ctx.resource === null && isServedAsIs(ctx, contentType, maxBytes);

const metadataOf = (resource: RulesResource | null) => resource?.metadata ?? {};

/** `md.keys().hasOnly(allowed) && md.keys().hasAll(required)` */
function hasKeys(
  md: Record<string, unknown>,
  allowed: readonly string[],
  required: readonly string[],
): boolean {
  const keys = Object.keys(md);
  return keys.every((key) => allowed.includes(key)) && required.every((key) => keys.includes(key));
}

// hasDateAndSize(md): takenAt, width and height match their patterns
const hasDateAndSize = (md: Record<string, unknown>) =>
  matches(md.takenAt, TAKEN_AT_PATTERN) &&
  matches(md.width, DIMENSION_PATTERN) &&
  matches(md.height, DIMENSION_PATTERN);

// hasPendingMetadata(): the keys (hasOnly, hasAll), the date and size, caption.size() <= 300
function hasPendingMetadata({ requestResource }: RuleContext): boolean {
  const md = metadataOf(requestResource);
  return (
    hasKeys(md, PENDING_METADATA_KEYS, REQUIRED_PENDING_METADATA_KEYS) &&
    hasDateAndSize(md) &&
    (!Object.hasOwn(md, 'caption') ||
      (typeof md.caption === 'string' && captionLength(md.caption) <= MAX_CAPTION_LENGTH))
  );
}

// isUploadedBy(uid): md.uploaderUid == uid && md.uploaderEmail == request.auth.token.email
//   && (!('uploaderName' in md) || ('name' in request.auth.token && md.uploaderName == request.auth.token.name))
function isUploadedBy({ requestResource, auth }: RuleContext, uid: string): boolean {
  const md = metadataOf(requestResource);
  return (
    md.uploaderUid === uid &&
    auth !== null &&
    typeof auth.email === 'string' &&
    md.uploaderEmail === auth.email &&
    (!Object.hasOwn(md, 'uploaderName') || (Object.hasOwn(auth, 'name') && md.uploaderName === auth.name))
  );
}

// hasSharedMetadata(): exactly takenAt, width, height and uploaderUid, the date and size in their formats
function hasSharedMetadata({ requestResource }: RuleContext): boolean {
  const md = metadataOf(requestResource);
  return hasKeys(md, SHARED_METADATA_KEYS, SHARED_METADATA_KEYS) && hasDateAndSize(md);
}

// isSelf(uid): isVerified() && request.auth.uid == uid
const isSelf: Condition = (ctx) => isVerified(ctx) && ctx.auth?.sub === ctx.params.uid;
const selfOrOrganiser: Condition = (ctx) => isSelf(ctx) || isOrganiser(ctx);

const mayCreatePending =
  (maxBytes: number): Condition =>
  (ctx) =>
    isSelf(ctx) &&
    isApproved(ctx) &&
    isPhotoFile(ctx.params.file) &&
    isNew(ctx, PHOTO_CONTENT_TYPE, maxBytes) &&
    hasPendingMetadata(ctx) &&
    isUploadedBy(ctx, ctx.params.uid!);

const mayCreateShared =
  (maxBytes: number): Condition =>
  (ctx) =>
    isOrganiser(ctx) &&
    isPhotoFile(ctx.params.file) &&
    isNew(ctx, PHOTO_CONTENT_TYPE, maxBytes) &&
    hasSharedMetadata(ctx);

// details create: isOrganiser() && file a photo id + '.json' && isNew('application/json', 4 KiB) && metadata exactly uploaderUid
const mayCreateDetails: Condition = (ctx) =>
  isOrganiser(ctx) &&
  matches(ctx.params.file, DETAILS_FILE_PATTERN) &&
  isNew(ctx, DETAILS_CONTENT_TYPE, MAX_DETAILS_BYTES) &&
  hasKeys(metadataOf(ctx.requestResource), DETAILS_METADATA_KEYS, DETAILS_METADATA_KEYS);

// marker create: isOrganiser() && file a photo id && isNew('application/octet-stream', 0) && no custom metadata
const mayCreateMarker: Condition = (ctx) =>
  isOrganiser(ctx) &&
  matches(ctx.params.file, MARKER_FILE_PATTERN) &&
  isNew(ctx, 'application/octet-stream', 0) &&
  Object.keys(metadataOf(ctx.requestResource)).length === 0;

// isSharer(): isVerified() && (resource == null || resource.metadata.uploaderUid == request.auth.uid)
const isSharer: Condition = (ctx) =>
  isVerified(ctx) && (ctx.resource === null || metadataOf(ctx.resource).uploaderUid === ctx.auth?.sub);

// maySeeShared(): isOrganiser() || (isVerified() && isApproved())
const maySeeShared: Condition = (ctx) => isOrganiser(ctx) || (isVerified(ctx) && isApproved(ctx));
const mayReadShared: Condition = (ctx) => maySeeShared(ctx) || isSharer(ctx);
const mayDeleteShared: Condition = (ctx) => isOrganiser(ctx) || isSharer(ctx);

// isOpenToVerified(): 'access' in resource.metadata && resource.metadata.access == 'verified'
function isOpenToVerified({ resource }: RuleContext): boolean {
  const metadata = resource?.metadata;
  return (
    !!metadata &&
    Object.hasOwn(metadata, ACCESS_METADATA_KEY) &&
    metadata[ACCESS_METADATA_KEY] === ACCESS_VERIFIED
  );
}

// maySeeFaces(): isOrganiser() || (isVerified() && isApproved())
const maySeeFaces: Condition = (ctx) => isOrganiser(ctx) || (isVerified(ctx) && isApproved(ctx));

// faces.json create: isOrganiser() && fileId a file id && isServedAsIs('application/json', 512 KiB)
//   && request.resource.metadata.size() == 0
const mayWriteFaces: Condition = (ctx) =>
  isOrganiser(ctx) &&
  matches(ctx.params.fileId, FILE_ID_PATTERN) &&
  isServedAsIs(ctx, FACES_CONTENT_TYPE, MAX_FACES_BYTES) &&
  Object.keys(metadataOf(ctx.requestResource)).length === 0;

// isSuggestedBy(uid): the metadata keys (hasOnly, hasAll), suggesterUid == uid, suggesterEmail == token email,
//   and suggesterName absent or the token's name
function isSuggestedBy({ requestResource, auth }: RuleContext, uid: string): boolean {
  const md = metadataOf(requestResource);
  return (
    hasKeys(md, SUGGESTION_METADATA_KEYS, REQUIRED_SUGGESTION_METADATA_KEYS) &&
    md.suggesterUid === uid &&
    auth !== null &&
    typeof auth.email === 'string' &&
    md.suggesterEmail === auth.email &&
    (!Object.hasOwn(md, 'suggesterName') || (Object.hasOwn(auth, 'name') && md.suggesterName === auth.name))
  );
}

// suggestion create: isSelf(uid) && isApproved() && file a suggestion id + '.json'
//   && isNew('application/json', 4 KiB) && isSuggestedBy(uid)
const mayCreateSuggestion: Condition = (ctx) =>
  isSelf(ctx) &&
  isApproved(ctx) &&
  matches(ctx.params.file, SUGGESTION_FILE_PATTERN) &&
  isNew(ctx, FACES_CONTENT_TYPE, MAX_SUGGESTION_BYTES) &&
  isSuggestedBy(ctx, ctx.params.uid!);

/** storage.rules' match blocks, in its order. */
const RULES: readonly MatchBlock[] = [
  {
    path: 'members/{folder}/{allPaths=**}',
    allow: {
      // No list: the site never lists the catalogue's folders. No write.
      get: (ctx) =>
        ctx.params.folder !== 'photos' &&
        ctx.params.folder !== 'faces' &&
        isVerified(ctx) &&
        (ctx.resource === null || isOpenToVerified(ctx) || isApproved(ctx)),
    },
  },
  { path: 'members/photos/pending', allow: { list: isOrganiser } },
  { path: 'members/photos/pending/{uid}', allow: { list: selfOrOrganiser } },
  { path: 'members/photos/pending/{uid}/thumbnails', allow: { list: selfOrOrganiser } },
  {
    path: 'members/photos/pending/{uid}/{file}',
    allow: { get: selfOrOrganiser, delete: selfOrOrganiser, create: mayCreatePending(MAX_PHOTO_BYTES) },
  },
  {
    path: 'members/photos/pending/{uid}/thumbnails/{file}',
    allow: { get: selfOrOrganiser, delete: selfOrOrganiser, create: mayCreatePending(MAX_THUMBNAIL_BYTES) },
  },
  { path: 'members/photos/shared', allow: { list: maySeeShared } },
  {
    path: 'members/photos/shared/{file}',
    allow: { get: mayReadShared, delete: mayDeleteShared, create: mayCreateShared(MAX_PHOTO_BYTES) },
  },
  {
    path: 'members/photos/shared/thumbnails/{file}',
    allow: { get: mayReadShared, delete: mayDeleteShared, create: mayCreateShared(MAX_THUMBNAIL_BYTES) },
  },
  {
    path: 'members/photos/shared/details/{file}',
    allow: { get: mayReadShared, delete: mayDeleteShared, create: mayCreateDetails },
  },
  { path: 'members/photos/shared/uploaders/{uid}', allow: { list: selfOrOrganiser } },
  {
    path: 'members/photos/shared/uploaders/{uid}/{file}',
    allow: { delete: selfOrOrganiser, create: mayCreateMarker },
  },
  { path: 'members/faces/{fileId}/image.dzi', allow: { get: maySeeFaces } },
  { path: 'members/faces/{fileId}/image_files/{level}/{tile}', allow: { get: maySeeFaces } },
  { path: 'members/faces/{fileId}/faces.json', allow: { get: maySeeFaces, create: mayWriteFaces } },
  { path: 'members/faces/{fileId}/suggestions', allow: { list: isOrganiser } },
  { path: 'members/faces/{fileId}/suggestions/{uid}', allow: { list: selfOrOrganiser } },
  {
    path: 'members/faces/{fileId}/suggestions/{uid}/{file}',
    allow: { get: selfOrOrganiser, delete: selfOrOrganiser, create: mayCreateSuggestion },
  },
];

/**
 * The wildcards of a match path when the object path's segments match it, else null. '{name}' takes one segment,
 * '{name=**}' (last only) zero or more, anything else must be equal.
 */
export function matchPath(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const recursive = /^\{(\w+)=\*\*\}$/.exec(part);
    if (recursive) {
      params[recursive[1]!] = segments.slice(i).join('/');
      return params;
    }
    const segment = segments[i];
    if (segment === undefined) return null;
    const wildcard = /^\{(\w+)\}$/.exec(part);
    if (wildcard) params[wildcard[1]!] = segment;
    else if (part !== segment) return null;
  }
  return segments.length === parts.length ? params : null;
}

/** True when storage.rules would allow the request. */
export function isPermitted(
  req: RulesRequest,
  projectId: string,
  nowSeconds: number = Date.now() / 1000,
): boolean {
  // match /b/{bucket}/o { ... }
  const objectSegments = objectSegmentsOf(req.path);
  // The storage layer only ever sends the five methods (no legacy read/write aliases).
  if (!objectSegments || !METHODS.has(req.method)) return false;
  const method = req.method as StorageMethod;
  const base = {
    method,
    auth: authTokenOf(req.token, projectId, nowSeconds),
    resource: req.resource ?? null,
    requestResource: req.requestResource ?? null,
  };
  // Rules are OR-ed: any match block whose path matches and whose condition for the method holds allows it.
  return RULES.some((block) => {
    const condition = block.allow[method];
    const params = condition && matchPath(block.path, objectSegments);
    return !!params && condition({ ...base, params });
  });
}
