/**
 * Runs the local Storage emulator on its firebase.json address and seeds it with the demo files, until Ctrl+C.
 *
 *   npx tsx scripts/storage/serve.ts            (SEED_LARGE_FILE_BYTES=0 to skip the 64 MiB file)
 */
import { readFileSync } from 'node:fs';

import { seedStorage } from '../seed/seed-storage';
import { startStorageEmulator } from './emulator';

const PROJECT_ID = 'demo-reunion';
const BUCKET = `${PROJECT_ID}.appspot.com`;

interface FirebaseJson {
  emulators?: { storage?: { host?: string; port?: number } };
}

async function main(): Promise<void> {
  const config = JSON.parse(
    readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
  ) as FirebaseJson;
  const host = config.emulators?.storage?.host ?? '127.0.0.1';
  const port = config.emulators?.storage?.port ?? 9199;

  const emulator = await startStorageEmulator({ projectId: PROJECT_ID, host, port });
  const large = process.env.SEED_LARGE_FILE_BYTES;
  const seeded = await seedStorage({
    storageUrl: emulator.url,
    bucket: BUCKET,
    largeFileBytes: large ? Number(large) : undefined,
  });
  console.log(
    `Storage emulator on ${emulator.url} (project ${PROJECT_ID}, bucket ${BUCKET}): ${seeded.files} files seeded.`,
  );

  const shutdown = () => {
    emulator.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
