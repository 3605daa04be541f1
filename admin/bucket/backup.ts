/**
 * The organisers' backups of the bucket (npm run organiser:backup): every object, byte for byte, with the metadata
 * storage.rules read, in a folder on an organiser's own drive, and the accounts the organisers decide about.
 * Incremental (an object already copied with the same MD5 is not downloaded again), verified (each file's MD5 is
 * compared with the bucket's as it is written, and again by --verify), resumable (a file is written as .partial and
 * renamed only once verified; the manifest is saved as it goes, and a file on disk the manifest does not know yet is
 * checked against the bucket rather than downloaded again). A file gone from the bucket stays in the backup, unless a
 * deletion marker says its going was deliberate and final (src/domain/keeping.ts): then it leaves the backup too.
 *
 *   <folder>/objects/<object name>   the bytes (each path segment made safe for any file system)
 *   <folder>/manifest.json           every object: size, MD5, content type, headers, custom metadata, times
 *   <folder>/accounts.json           the accounts: e-mail, verified, approved, organiser, blocked, display name
 *
 * Never a password hash, never a download token: the metadata key that holds the tokens is left out.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

import type { Auth } from 'firebase-admin/auth';
import { ORGANISER_CLAIM } from '../../src/domain/access.ts';
import { DELETIONS_PREFIX, isCoveredBy, parseMarker, type DeletionMarker } from '../../src/domain/keeping.ts';
import { allUsers } from '../auth-users.ts';
import type { Bucket } from '../firebase-admin.ts';
import { APPROVED_CLAIM, DOWNLOAD_TOKENS_METADATA_KEY } from './member-files.ts';
import { mapLimited } from '../../src/lib/map-limited.ts';

export const MANIFEST_FILE = 'manifest.json';
export const ACCOUNTS_FILE = 'accounts.json';
export const OBJECTS_FOLDER = 'objects';
const FORMAT = 1;

/** One object as the backup keeps it: what it takes to check it and to put it back as it was. */
export interface BackupEntry {
  path: string;
  size: number;
  /** Base64 MD5 of the bytes, as Cloud Storage reports it. */
  md5: string;
  contentType?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  cacheControl?: string;
  /** Custom metadata, without the download tokens. */
  metadata: Record<string, string>;
  /** When the object was made (ISO 8601): a deletion marker covers only what was made before it. */
  created: string;
  updated?: string;
  /** Set when the bucket no longer has the object and nothing says it went for good (ISO 8601, first seen). */
  gone?: string;
}

export interface BackupManifest {
  format: number;
  bucket: string;
  /** When the last run finished (ISO 8601). */
  updated?: string;
  objects: Record<string, BackupEntry>;
}

export interface AccountRecord {
  uid: string;
  email?: string;
  emailVerified: boolean;
  displayName?: string;
  approved: boolean;
  organiser: boolean;
  /** Disabled by organiser:members block. */
  blocked: boolean;
  created?: string;
  lastSignIn?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Paths on disk
// ---------------------------------------------------------------------------------------------------------------

/**
 * A path segment as a file name any file system takes: characters Windows or macOS refuse (and %, so that it can be
 * read back) percent-encoded, and '.' and '..' written out, so that no object name can reach outside the folder.
 */
export function safeSegment(segment: string): string {
  if (segment === '' || segment === '.' || segment === '..') return segment.replace(/\./g, '%2E') || '%';
  return segment.replace(
    // eslint-disable-next-line no-control-regex
    /[%\\:*?"<>|\u0000-\u001f\u007f]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** Where an object's bytes are kept in the backup folder. */
export function localPathOf(folder: string, objectName: string): string {
  return join(folder, OBJECTS_FOLDER, ...objectName.split('/').map(safeSegment));
}

// ---------------------------------------------------------------------------------------------------------------
// The bucket's side
// ---------------------------------------------------------------------------------------------------------------

/** An object as the Admin SDK lists it (a @google-cloud/storage File). */
type StoredFile = ReturnType<Bucket['file']>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** An object of the bucket's listing as a backup entry (its metadata without the download tokens). */
export function entryOf(file: StoredFile): BackupEntry {
  const m = file.metadata;
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(m.metadata ?? {})) {
    if (key !== DOWNLOAD_TOKENS_METADATA_KEY && value !== null && value !== undefined)
      metadata[key] = String(value);
  }
  const entry: BackupEntry = {
    path: file.name,
    size: Number(m.size ?? 0),
    md5: String(m.md5Hash ?? ''),
    metadata,
    created: String(m.timeCreated ?? m.updated ?? new Date(0).toISOString()),
  };
  for (const key of [
    'contentType',
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
    'cacheControl',
  ] as const) {
    const value = text(m[key]);
    if (value) entry[key] = value;
  }
  const updated = text(m.updated);
  if (updated) entry.updated = updated;
  return entry;
}

/** Every object of the bucket, with its metadata (one listing, paged by the SDK). */
export async function listBucket(bucket: Bucket): Promise<BackupEntry[]> {
  const [files] = await bucket.getFiles({ autoPaginate: true });
  return files.filter((file) => !file.name.endsWith('/')).map(entryOf);
}

/** The deletion markers among entries (the bucket's and the backup's own copies of them). */
export function markersOf(entries: Iterable<BackupEntry>): DeletionMarker[] {
  const markers: DeletionMarker[] = [];
  for (const entry of entries) {
    if (!entry.path.startsWith(DELETIONS_PREFIX)) continue;
    const marker = parseMarker(entry.path, new Date(entry.created));
    if (marker) markers.push(marker);
  }
  return markers;
}

/** Whether a marker says the object went for good. */
export function isDeletedForGood(entry: BackupEntry, markers: readonly DeletionMarker[]): boolean {
  const known = { path: entry.path, created: new Date(entry.created), metadata: entry.metadata };
  return markers.some((marker) => isCoveredBy(known, marker));
}

// ---------------------------------------------------------------------------------------------------------------
// The plan (pure)
// ---------------------------------------------------------------------------------------------------------------

export interface BackupPlan {
  /** New or changed in the bucket: to download. */
  download: BackupEntry[];
  /** In the backup with the same bytes: nothing to do (the file on disk is checked by size). */
  unchanged: BackupEntry[];
  /** Gone from the bucket, and a marker says it went for good: leaves the backup. */
  drop: BackupEntry[];
  /** Gone from the bucket with nothing to say why (an accident, a wiped bucket): stays in the backup. */
  keep: BackupEntry[];
}

/** What a run does, from the manifest and the bucket's listing. */
export function planBackup(manifest: BackupManifest, remote: readonly BackupEntry[]): BackupPlan {
  const plan: BackupPlan = { download: [], unchanged: [], drop: [], keep: [] };
  const inBucket = new Set(remote.map((entry) => entry.path));
  for (const entry of remote) {
    const known = manifest.objects[entry.path];
    if (known && !known.gone && known.md5 === entry.md5 && known.size === entry.size)
      plan.unchanged.push(entry);
    else plan.download.push(entry);
  }
  const markers = markersOf([...remote, ...Object.values(manifest.objects)]);
  for (const entry of Object.values(manifest.objects)) {
    if (inBucket.has(entry.path)) continue;
    (isDeletedForGood(entry, markers) ? plan.drop : plan.keep).push(entry);
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------------------------
// Files on disk
// ---------------------------------------------------------------------------------------------------------------

export function emptyManifest(bucket: string): BackupManifest {
  return { format: FORMAT, bucket, objects: {} };
}

/** The folder's manifest; an empty one for a new folder. Throws when the file is there but not a manifest. */
export async function readManifest(folder: string, bucket?: string): Promise<BackupManifest> {
  let raw: string;
  try {
    raw = await readFile(join(folder, MANIFEST_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyManifest(bucket ?? '');
    throw err;
  }
  const data = JSON.parse(raw) as Partial<BackupManifest>;
  if (
    data.format !== FORMAT ||
    typeof data.bucket !== 'string' ||
    typeof data.objects !== 'object' ||
    !data.objects
  )
    throw new Error(`${join(folder, MANIFEST_FILE)} is not a backup manifest this version reads`);
  return data as BackupManifest;
}

/** Writes a JSON file whole or not at all: a run stopped while saving leaves the last good one. */
async function writeJsonAtomically(path: string, data: unknown): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, `${JSON.stringify(data, null, 1)}\n`);
  await rename(partial, path);
}

export const writeManifest = (folder: string, manifest: BackupManifest) =>
  writeJsonAtomically(join(folder, MANIFEST_FILE), manifest);

/** Base64 MD5 of a file on disk (as Cloud Storage writes it); undefined when there is no such file. */
export async function md5OfFile(path: string): Promise<string | undefined> {
  const hash = createHash('md5');
  try {
    await pipeline(createReadStream(path), hash);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return hash.digest('base64');
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The bytes of an object did not arrive as the bucket says they are. */
export class ChecksumMismatchError extends Error {
  constructor(path: string) {
    super(`${path} arrived with other bytes than the bucket's checksum says (kept nothing of it; run again)`);
    this.name = 'ChecksumMismatchError';
  }
}

/**
 * Downloads one object into place: written as <file>.partial while its MD5 is computed, compared with the
 * bucket's, then renamed. Calls onBytes as bytes arrive.
 */
export async function downloadVerified(
  bucket: Bucket,
  entry: BackupEntry,
  target: string,
  onBytes: (bytes: number) => void = () => {},
): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const hash = createHash('md5');
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      onBytes(chunk.byteLength);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      bucket.file(entry.path).createReadStream({ validation: false }),
      counter,
      createWriteStream(partial),
    );
    if (hash.digest('base64') !== entry.md5) throw new ChecksumMismatchError(entry.path);
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A run
// ---------------------------------------------------------------------------------------------------------------

export interface BackupProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

export interface BackupReport {
  downloaded: BackupEntry[];
  /** Files that were on disk already with the bucket's bytes (a run stopped part-way): taken as they are. */
  adopted: BackupEntry[];
  unchanged: number;
  dropped: BackupEntry[];
  kept: BackupEntry[];
  accounts: number;
  bytes: number;
}

/** How often the manifest is saved during a run: a run stopped part-way loses at most this much bookkeeping. */
const SAVE_EVERY_MS = 2000;

/**
 * Backs up the bucket (and, with `auth`, the accounts) into `folder`: see the module's comment. Resolves with what
 * it did; throws on the first failure, leaving the manifest saved up to the last verified file.
 */
export async function runBackup(
  bucket: Bucket,
  folder: string,
  {
    auth,
    now = () => new Date(),
    onProgress = () => {},
    concurrency = 4,
  }: {
    auth?: Auth;
    now?: () => Date;
    onProgress?: (progress: BackupProgress) => void;
    concurrency?: number;
  } = {},
): Promise<BackupReport> {
  await mkdir(folder, { recursive: true });
  const manifest = await readManifest(folder, bucket.name);
  if (manifest.bucket && manifest.bucket !== bucket.name) {
    throw new Error(
      `${folder} holds a backup of gs://${manifest.bucket}, not of gs://${bucket.name}: use another folder`,
    );
  }
  manifest.bucket = bucket.name;
  const remote = await listBucket(bucket);
  const plan = planBackup(manifest, remote);

  // An unchanged entry whose file went missing or changed size on disk is downloaded again. Thousands of files:
  // looked at many at a time (the second run of an unchanged bucket is mostly this and the listing).
  const sizes = await mapLimited(plan.unchanged, 32, (entry) => sizeOf(localPathOf(folder, entry.path)));
  plan.download.push(...plan.unchanged.filter((entry, i) => sizes[i] !== entry.size));
  plan.unchanged = plan.unchanged.filter((entry, i) => sizes[i] === entry.size);
  const report: BackupReport = {
    downloaded: [],
    adopted: [],
    unchanged: plan.unchanged.length,
    dropped: plan.drop,
    kept: [],
    accounts: 0,
    bytes: 0,
  };
  const progress: BackupProgress = {
    files: 0,
    totalFiles: plan.download.length,
    bytes: 0,
    totalBytes: plan.download.reduce((sum, entry) => sum + entry.size, 0),
  };
  onProgress({ ...progress });
  let lastSave = Date.now();
  const save = async (force = false) => {
    if (!force && Date.now() - lastSave < SAVE_EVERY_MS) return;
    lastSave = Date.now();
    await writeManifest(folder, manifest);
  };

  const fetchOne = async (entry: BackupEntry) => {
    const target = localPathOf(folder, entry.path);
    // Written by a run that stopped before it saved the manifest: the same bytes need no download.
    if ((await sizeOf(target)) === entry.size && (await md5OfFile(target)) === entry.md5) {
      report.adopted.push(entry);
      progress.bytes += entry.size;
    } else {
      await downloadVerified(bucket, entry, target, (bytes) => {
        progress.bytes += bytes;
        onProgress({ ...progress });
      });
      report.downloaded.push(entry);
      report.bytes += entry.size;
    }
    manifest.objects[entry.path] = entry;
    progress.files += 1;
    onProgress({ ...progress });
    await save();
  };
  try {
    await mapLimited(plan.download, concurrency, fetchOne);
  } finally {
    await save(true);
  }

  for (const entry of plan.drop) {
    await rm(localPathOf(folder, entry.path), { force: true });
    delete manifest.objects[entry.path];
  }
  const seen = now().toISOString();
  for (const entry of plan.keep) {
    const kept = manifest.objects[entry.path]!;
    kept.gone ??= seen;
    report.kept.push(kept);
  }
  for (const entry of plan.unchanged) {
    // Metadata may change without the bytes (a token removed, a name corrected): kept as the bucket has it now.
    manifest.objects[entry.path] = entry;
  }
  manifest.updated = now().toISOString();
  await writeManifest(folder, manifest);

  if (auth) {
    const accounts = await listAccounts(auth);
    await writeJsonAtomically(join(folder, ACCOUNTS_FILE), { taken: manifest.updated, accounts });
    report.accounts = accounts.length;
  }
  return report;
}

/** Every account, as the organisers decide about it (never a password hash). */
export async function listAccounts(auth: Auth): Promise<AccountRecord[]> {
  const accounts = (await allUsers(auth)).map((user): AccountRecord => {
    const claims = user.customClaims ?? {};
    const { creationTime, lastSignInTime } = user.metadata;
    return {
      uid: user.uid,
      ...(user.email ? { email: user.email } : {}),
      emailVerified: user.emailVerified,
      ...(user.displayName ? { displayName: user.displayName } : {}),
      approved: claims[APPROVED_CLAIM] === true,
      organiser: claims[ORGANISER_CLAIM] === true,
      blocked: user.disabled,
      ...(creationTime ? { created: new Date(creationTime).toISOString() } : {}),
      ...(lastSignInTime ? { lastSignIn: new Date(lastSignInTime).toISOString() } : {}),
    };
  });
  return accounts.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------------------
// --verify
// ---------------------------------------------------------------------------------------------------------------

export interface VerifyReport {
  checked: number;
  /** Files whose bytes are not those the manifest recorded. */
  changed: string[];
  /** Files the manifest lists that are not in the folder. */
  missing: string[];
}

/** Reads every file of the backup again and compares it with its manifest (the yearly check). */
export async function verifyBackup(
  folder: string,
  onProgress: (progress: BackupProgress) => void = () => {},
): Promise<VerifyReport> {
  const manifest = await readManifest(folder);
  const entries = Object.values(manifest.objects);
  const report: VerifyReport = { checked: 0, changed: [], missing: [] };
  const progress: BackupProgress = {
    files: 0,
    totalFiles: entries.length,
    bytes: 0,
    totalBytes: entries.reduce((sum, entry) => sum + entry.size, 0),
  };
  for (const entry of entries) {
    const md5 = await md5OfFile(localPathOf(folder, entry.path));
    if (md5 === undefined) report.missing.push(entry.path);
    else if (md5 !== entry.md5) report.changed.push(entry.path);
    report.checked += 1;
    progress.files += 1;
    progress.bytes += entry.size;
    onProgress({ ...progress });
  }
  return report;
}
