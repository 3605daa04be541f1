/**
 * Seeds a bucket of the local Storage emulator with a demo stand-in for every catalogue file, stored exactly as
 * `npm run organiser:upload` stores the real files: through the Admin SDK, with the catalogue's content type, a
 * Content-Disposition carrying the download name and the `access` metadata storage.rules reads
 * (admin/bucket/member-files.ts), and for every image its preview made with sharp (admin/bucket/thumbnails.ts).
 *
 *   npx tsx tools/local/seed/seed-storage.ts [storage emulator URL] [bucket]
 *
 * defaults to the local stack's Storage emulator (http://127.0.0.1:9199) and bucket. LARGE_DEMO_FILE_MB sets the
 * size of the large demo file (default 64; 0: none). The documents' text for the search is read and stored as
 * organiser:upload does it (admin/search/texts.ts).
 */
import { CATALOGUE, hasThumbnail, storagePathOf } from '../../../src/domain/catalogue.ts';
import { connectAdmin, hostOf, type Bucket } from '../../../admin/firebase-admin.ts';
import { BUCKET, PROJECT_ID, STORAGE_URL } from '../config.ts';
import { isMainModule } from '../../../admin/main-module.ts';
import {
  ACCESS_METADATA_KEY,
  ACCESS_VERIFIED,
  contentDispositionFor,
  memberFileMetadata,
  saveObject,
  type ObjectMetadata,
} from '../../../admin/bucket/member-files.ts';
import { saveThumbnail } from '../../../admin/bucket/thumbnails.ts';
import {
  describeOutcome,
  fileTextOf,
  isTextProblem,
  storeFileTexts,
  type TextOutcome,
} from '../../../admin/search/texts.ts';
import { LARGE_DEMO_PATH, demoFile, largeDemoFile, largeDemoFileBytes } from './demo-files.ts';

/** The large benchmark file: readable by every verified member, like an ordinary historical paper. */
export const LARGE_DEMO_METADATA: ObjectMetadata = {
  contentType: 'application/octet-stream',
  contentDisposition: contentDispositionFor('large-demo-file.bin'),
  metadata: { [ACCESS_METADATA_KEY]: ACCESS_VERIFIED },
};

export interface SeedOptions {
  /** Size of the large demo file at LARGE_DEMO_PATH; 0 uploads none. Default: largeDemoFileBytes(). */
  largeFileBytes?: number;
  /**
   * Whether the files' text for the search is read and stored as organiser:upload does it (OCR of the scanned demo
   * letter included: a few seconds). Default true; tests about other things leave it out.
   */
  texts?: boolean;
}

export async function seedStorage(
  bucket: Bucket,
  opts: SeedOptions = {},
): Promise<{ files: number; bytes: number; texts: TextOutcome[] }> {
  const largeFileBytes = opts.largeFileBytes ?? largeDemoFileBytes();
  let files = 0;
  let bytes = 0;
  const upload = async (path: string, data: Buffer, metadata: ObjectMetadata) => {
    await saveObject(bucket, path, data, metadata);
    files += 1;
    bytes += data.byteLength;
  };

  // Small files, a few at a time.
  const queue = [...CATALOGUE];
  const texts: TextOutcome[] = [];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const bytes = await demoFile(entry);
      await upload(storagePathOf(entry), bytes, memberFileMetadata(entry));
      if (hasThumbnail(entry)) await saveThumbnail(bucket, entry, bytes);
      if (opts.texts !== false && entry.kind !== 'jpeg') documents.push({ entry, bytes });
    }
  };
  const documents: { entry: (typeof CATALOGUE)[number]; bytes: Buffer }[] = [];
  await Promise.all(Array.from({ length: 4 }, worker));
  if (largeFileBytes > 0) await upload(LARGE_DEMO_PATH, largeDemoFile(largeFileBytes), LARGE_DEMO_METADATA);

  // The documents' text once every file is stored: poppler and Tesseract run beside nothing else of the seed.
  const reading = [...documents];
  const reader = async () => {
    for (let next = reading.shift(); next; next = reading.shift())
      texts.push(await fileTextOf(next.entry, next.bytes));
  };
  await Promise.all(Array.from({ length: 2 }, reader));
  await storeFileTexts(bucket, texts);
  return { files, bytes, texts };
}

/** What the seed could not read of the demo files' text (e.g. no Tesseract here), one line each, to print. */
export function textWarnings(texts: readonly TextOutcome[]): string[] {
  return texts.filter(isTextProblem).map((outcome) => `${outcome.entry.id}: ${describeOutcome(outcome)}`);
}

async function main(): Promise<void> {
  const storageUrl = process.argv[2] ?? STORAGE_URL;
  const bucketName = process.argv[3] ?? BUCKET;
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { storage: hostOf(storageUrl) } });
  try {
    const result = await seedStorage(admin.bucket(bucketName));
    console.log(
      `Seeded ${result.files} files (${(result.bytes / 1024 / 1024).toFixed(1)} MiB) into ${storageUrl}, bucket ${bucketName}.`,
    );
  } finally {
    await admin.close();
  }
}

if (isMainModule(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
