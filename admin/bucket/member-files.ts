/**
 * What every member file carries in Cloud Storage, decided in one place: its content type, a Content-Disposition
 * with the download name, and the custom metadata `access` that storage.rules reads:
 *   access=verified  any signed-in account with a verified e-mail address may read the file;
 *   access=approved  the account also needs the `approved` custom claim (the catalogue's approvalOnly files).
 * A file without `access` is treated like `approved` (storage.rules and its mirror fail closed).
 * The organisers' upload and the seeding of the local emulator both store files through saveObject(), so a
 * seeded file looks exactly like an uploaded one.
 */
import { createHash } from 'node:crypto';

import { create as contentDisposition } from 'content-disposition';
import type { Bucket } from '../firebase-admin.ts';

import { contentTypeOf, downloadFileName, type CatalogueEntry } from '../../src/domain/catalogue.ts';

/** The custom metadata key storage.rules reads (`resource.metadata.access`). */
export const ACCESS_METADATA_KEY = 'access';
export const ACCESS_VERIFIED = 'verified';
export const ACCESS_APPROVED = 'approved';
export type Access = typeof ACCESS_VERIFIED | typeof ACCESS_APPROVED;
/** The custom claim an organiser sets on an account (`request.auth.token.approved`); one source with the site. */
export { APPROVED_CLAIM } from '../../src/domain/access.ts';
/**
 * Where Firebase keeps a file's download tokens: a URL with `?token=` reads the file without any rules check.
 * Catalogue files and their previews must never carry one (./download-tokens.ts).
 */
export const DOWNLOAD_TOKENS_METADATA_KEY = 'firebaseStorageDownloadTokens';

/**
 * The large file the local stack seeds for the download benchmark and the progress tests (not a catalogue file):
 * organiser:check accepts it on the emulators only.
 */
export const LARGE_DEMO_PATH = 'members/benchmark/large-demo-file.bin';

export interface ObjectMetadata {
  contentType: string;
  contentDisposition: string;
  /** Custom metadata. */
  metadata: Record<string, string>;
}

export function accessOf(entry: CatalogueEntry): Access {
  return entry.approvalOnly ? ACCESS_APPROVED : ACCESS_VERIFIED;
}

/**
 * `attachment; filename="<name>"`, plus an RFC 8187 `filename*` form when the name is not plain ASCII (the
 * content-disposition package). downloadFileName() has already removed the characters unsafe in file names.
 */
export function contentDispositionFor(fileName: string): string {
  return contentDisposition(fileName);
}

export function contentDispositionOf(entry: CatalogueEntry): string {
  return contentDispositionFor(downloadFileName(entry, 'en'));
}

/** Base64 MD5 of some bytes, as Cloud Storage reports md5Hash. */
export function md5Base64(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('base64');
}

/** Everything a catalogue file is stored with. */
export function memberFileMetadata(entry: CatalogueEntry): ObjectMetadata {
  return {
    contentType: contentTypeOf(entry),
    contentDisposition: contentDispositionOf(entry),
    metadata: { [ACCESS_METADATA_KEY]: accessOf(entry) },
  };
}

/** Above this size an upload is resumable (several requests); below it one multipart request. */
const RESUMABLE_FROM_BYTES = 8 * 1024 * 1024;

/**
 * Stores (or replaces) one object with its metadata through the Admin SDK (firebase-admin's Storage, which is
 * @google-cloud/storage): on a real bucket with the organiser's credentials, on the emulator with
 * FIREBASE_STORAGE_EMULATOR_HOST. No download token is created.
 */
export async function saveObject(
  bucket: Bucket,
  path: string,
  data: Uint8Array,
  metadata: Omit<ObjectMetadata, 'contentDisposition'> & { contentDisposition?: string },
): Promise<void> {
  await bucket.file(path).save(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    resumable: data.byteLength >= RESUMABLE_FROM_BYTES,
    metadata,
  });
}
