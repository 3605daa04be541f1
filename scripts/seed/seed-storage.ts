/**
 * Seeds a Storage emulator with a demo stand-in for every catalogue file, uploaded as the organisers' command
 * would: admin credentials, the catalogue's content type, and a Content-Disposition carrying the display name.
 *
 *   npx tsx scripts/seed/seed-storage.ts [storage emulator URL] [bucket]
 *
 * defaults to http://127.0.0.1:9199 and demo-reunion.appspot.com (or VITE_STORAGE_EMULATOR_URL and
 * VITE_FIREBASE_STORAGE_BUCKET). Set SEED_LARGE_FILE_BYTES to change the size of the large demo file (0: none).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

import { CATALOGUE, contentTypeOf, storagePathOf, type CatalogueEntry } from '../../src/domain/catalogue';
import { contentDispositionOf } from './content-disposition';
import { DEFAULT_LARGE_DEMO_BYTES, LARGE_DEMO_PATH, demoFile, largeDemoFile } from './demo-files';

export { contentDispositionOf } from './content-disposition';
export { LARGE_DEMO_PATH, demoFile, expectedBytes, largeDemoFile } from './demo-files';

/** The emulator's admin credential: requests carrying it skip the security rules (like the Admin SDK). */
export const OWNER_AUTHORIZATION = 'Bearer owner';

export interface ObjectMetadata {
  contentType: string;
  contentDisposition?: string;
  cacheControl?: string;
  metadata?: Record<string, string>;
}

export interface UploadRequest {
  storageUrl: string;
  bucket: string;
  /** Object path in the bucket, e.g. members/documents/program-1976.pdf */
  path: string;
  data: Uint8Array;
  metadata: ObjectMetadata;
  /** Authorization header; the admin credential unless given. */
  authorization?: string | null;
}

/**
 * The Firebase Storage REST multipart upload (what the JS SDK's uploadBytes sends): one request carrying the JSON
 * metadata and the bytes. Returns the fetch arguments so tests can send it with other credentials.
 */
export function multipartUploadRequest(req: UploadRequest): { url: string; init: RequestInit } {
  const url = `${req.storageUrl}/v0/b/${encodeURIComponent(req.bucket)}/o?name=${encodeURIComponent(req.path)}`;
  // The emulator splits the body on the boundary without looking at part lengths: it must not occur in the data.
  let boundary: string;
  do boundary = `reunion-${randomBytes(16).toString('hex')}`;
  while (Buffer.from(req.data.buffer, req.data.byteOffset, req.data.byteLength).includes(boundary));

  const metadataJson = JSON.stringify({ name: req.path, ...req.metadata });
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadataJson}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Type: ${req.metadata.contentType}\r\n\r\n`),
    req.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = {
    'Content-Type': `multipart/related; boundary=${boundary}`,
    'X-Goog-Upload-Protocol': 'multipart',
  };
  const authorization = req.authorization === undefined ? OWNER_AUTHORIZATION : req.authorization;
  if (authorization) headers.Authorization = authorization;
  return { url, init: { method: 'POST', headers, body } };
}

/** Uploads one object; throws with the status and the emulator's answer unless it succeeded. */
export async function uploadObject(req: UploadRequest): Promise<void> {
  const { url, init } = multipartUploadRequest(req);
  const response = await fetch(url, init);
  if (!response.ok) {
    throw new Error(`Upload of ${req.path} failed: ${response.status} ${await response.text()}`);
  }
  await response.arrayBuffer();
}

export interface SeedOptions {
  storageUrl: string;
  bucket: string;
  /** Size of the large demo file at LARGE_DEMO_PATH; 0 uploads none. Default 64 MiB. */
  largeFileBytes?: number;
}

export function metadataOf(entry: CatalogueEntry): ObjectMetadata {
  return { contentType: contentTypeOf(entry), contentDisposition: contentDispositionOf(entry) };
}

export async function seedStorage(opts: SeedOptions): Promise<{ files: number; bytes: number }> {
  const storageUrl = opts.storageUrl.replace(/\/+$/, '');
  const largeFileBytes = opts.largeFileBytes ?? DEFAULT_LARGE_DEMO_BYTES;
  let files = 0;
  let bytes = 0;
  const upload = async (path: string, data: Buffer, metadata: ObjectMetadata) => {
    await uploadObject({ storageUrl, bucket: opts.bucket, path, data, metadata });
    files += 1;
    bytes += data.byteLength;
  };

  // Small files, a few at a time.
  const queue = [...CATALOGUE];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      await upload(storagePathOf(entry), await demoFile(entry), metadataOf(entry));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));

  if (largeFileBytes > 0) {
    await upload(LARGE_DEMO_PATH, largeDemoFile(largeFileBytes), {
      contentType: 'application/octet-stream',
      contentDisposition: 'attachment; filename="large-demo-file.bin"',
    });
  }
  return { files, bytes };
}

async function main(): Promise<void> {
  const storageUrl = process.argv[2] ?? process.env.VITE_STORAGE_EMULATOR_URL ?? 'http://127.0.0.1:9199';
  const bucket = process.argv[3] ?? process.env.VITE_FIREBASE_STORAGE_BUCKET ?? 'demo-reunion.appspot.com';
  const large = process.env.SEED_LARGE_FILE_BYTES;
  const result = await seedStorage({ storageUrl, bucket, largeFileBytes: large ? Number(large) : undefined });
  console.log(
    `Seeded ${result.files} files (${(result.bytes / 1024 / 1024).toFixed(1)} MiB) into ${storageUrl}, bucket ${bucket}.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
