/**
 * The members' files as the download tests use them: a catalogue entry by id, its button, the requests for its
 * bytes, a download through its button, the Error modal, the Blob URLs the page makes, and the download tokens no
 * member flow may leave on a catalogue file or preview.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { DOWNLOAD_TOKENS_METADATA_KEY } from '../../admin/bucket/member-files.ts';
import { connectAdmin, hostOf } from '../../admin/firebase-admin.ts';
import {
  CATALOGUE,
  hasThumbnail,
  storagePathOf,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, STORAGE_URL } from '../../tools/local/config.ts';
import { demoFile } from '../../tools/local/seed/demo-files.ts';
import { DEMO_FACES_FILE_ID, demoGroupPhotoWithTiles } from '../../tools/local/seed/demo-group-photo.ts';
import { text, type Locale } from './messages.ts';
import { expect } from './test.ts';

/**
 * The bytes the local stack serves for a catalogue file: its demo file, but for the 1976 group photo the drawn
 * picture who is who shows (tools/local/seed/seed-faces.ts), read from the seeding's cache.
 */
export async function servedDemoFile(entry: CatalogueEntry): Promise<Buffer> {
  return entry.id === DEMO_FACES_FILE_ID ? (await demoGroupPhotoWithTiles()).jpeg : demoFile(entry);
}

/** The catalogue entry with this id. */
export function byId(id: string): CatalogueEntry {
  const found = CATALOGUE.find((entry) => entry.id === id);
  if (!found) throw new Error(`No catalogue entry ${id}`);
  return found;
}

/** One file of each kind (PDF, spreadsheet, picture, slides): enough where a test is about something else. */
export const ONE_OF_EACH: readonly CatalogueEntry[] = [
  'program-1976',
  'attendees-list-1976',
  'cemetery-monument',
  'two-reunions-presentation',
].map(byId);

/** Matches the media GETs of one object (its bytes, not its metadata: the site never asks for that). */
export const mediaOf =
  (path: string) =>
  (url: URL): boolean =>
    decodeURIComponent(url.pathname).endsWith(`/o/${path}`) && url.searchParams.get('alt') === 'media';

/** Matches the media GETs of a catalogue file's bytes (not its preview's). */
export const bytesOf = (entry: CatalogueEntry) => mediaOf(storagePathOf(entry));

/** A catalogue file's download button in the members area. */
export function fileButton(page: Page, entry: CatalogueEntry) {
  return page.locator(`button[data-file-id="${entry.id}"]`);
}

/** Clicks a file's download button; resolves with the name the browser was given and the bytes saved. */
export async function download(page: Page, entry: CatalogueEntry): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await fileButton(page, entry).click();
  const file = await started;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** The Error modal a failed download ends in, in a language. */
export function errorModal(page: Page, locale: Locale = 'en') {
  return page.getByRole('dialog', { name: text(locale, 'members_download_error_title') });
}

/**
 * The wait before a silent download counts as stalled, shortened for the downloads started from now on in this
 * document (30 s on the site; the download module reads this window property, which only the tests set, at each
 * download), or put back with `undefined`.
 */
export async function setStallTimeout(page: Page, ms: number | undefined): Promise<void> {
  await page.evaluate((value) => {
    const state = window as unknown as { __reunionStallTimeoutMs?: number };
    if (value === undefined) delete state.__reunionStallTimeoutMs;
    else state.__reunionStallTimeoutMs = value;
  }, ms);
}

export interface BlobLog {
  created: { url: string; type: string; size: number }[];
  revoked: string[];
}

/** Records every Blob URL each document of the page creates and revokes; read them with blobLog(). */
export async function recordBlobUrls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: {
      created: { url: string; type: string; size: number }[];
      revoked: string[];
    } = { created: [], revoked: [] };
    (window as unknown as { __blobs: typeof log }).__blobs = log;
    const create = URL.createObjectURL.bind(URL);
    const revoke = URL.revokeObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) log.created.push({ url, type: object.type, size: object.size });
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      log.revoked.push(url);
      revoke(url);
    };
  });
}

/** The Blob URLs the current document made and revoked so far (see recordBlobUrls). */
export function blobLog(page: Page): Promise<BlobLog> {
  return page.evaluate(() => (window as unknown as { __blobs: BlobLog }).__blobs);
}

/** Every catalogue file and every preview: the objects that must never carry a download token. */
const GUARDED = new Set([
  ...CATALOGUE.map(storagePathOf),
  ...CATALOGUE.filter(hasThumbnail).map(thumbnailPathOf),
]);
const STORAGE_ORIGIN = new URL(STORAGE_URL).origin;

/** The object a Storage request names (`/v0/b/<bucket>/o/<object>`), or undefined (a listing, another host). */
function objectOf(url: URL): string | undefined {
  if (url.origin !== STORAGE_ORIGIN) return undefined;
  const match = /^\/v0\/b\/[^/]+\/o\/(.+)$/.exec(url.pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * Records every metadata GET (a Storage object's address without `alt=media`) of a catalogue file or preview made
 * by any page of the context: Firebase Storage gives an object a download token whenever a client reads its
 * metadata and finds none.
 */
export function watchMetadataGets(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    const object = objectOf(url);
    if (
      request.method() === 'GET' &&
      object &&
      GUARDED.has(object) &&
      url.searchParams.get('alt') !== 'media'
    )
      seen.push(`${object} (${request.url()})`);
  });
  return seen;
}

/** The catalogue files and previews that carry a download token now, read through the Admin SDK (which makes none). */
export async function objectsWithTokens(): Promise<string[]> {
  // Both emulators: connectAdmin() sets the variables of the ones named and removes the others, and accounts the
  // tests make are removed through the Auth emulator afterwards.
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(AUTH_URL), storage: hostOf(STORAGE_URL) },
  });
  try {
    const bucket = admin.bucket(BUCKET);
    const found: string[] = [];
    for (const path of GUARDED) {
      // One more try after a connection the emulator had just closed (keep-alive): the Admin SDK's own retries
      // are off for emulators (admin/firebase-admin.ts).
      const read = () => bucket.file(path).getMetadata();
      const [metadata] = await read().catch(read);
      if (metadata.metadata?.[DOWNLOAD_TOKENS_METADATA_KEY]) found.push(path);
    }
    return found;
  } finally {
    await admin.close();
  }
}

/** After a flow: the page asked for no catalogue file's metadata, and no catalogue file or preview has a token. */
export async function expectNoTokens(metadataGets: string[], flow: string): Promise<void> {
  expect(metadataGets, `metadata GETs after ${flow}`).toEqual([]);
  expect(await objectsWithTokens(), `download tokens after ${flow}`).toEqual([]);
}
