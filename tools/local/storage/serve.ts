/**
 * Runs the local Storage emulator on its firebase.json address and seeds it with the demo files, until Ctrl+C.
 *
 *   npx tsx tools/local/storage/serve.ts            (LARGE_DEMO_FILE_MB=0 to skip the 64 MiB file)
 */
import { readFileSync } from 'node:fs';

import { connectAdmin, hostOf } from '../../../admin/firebase-admin.ts';
import { BUCKET, PROJECT_ID } from '../config.ts';
import { seedStorage } from '../seed/seed-storage.ts';
import { startStorageEmulator } from './emulator.ts';

interface FirebaseJson {
  emulators?: { storage?: { host?: string; port?: number } };
}

async function main(): Promise<void> {
  const config = JSON.parse(
    readFileSync(new URL('../../../firebase.json', import.meta.url), 'utf8'),
  ) as FirebaseJson;
  const host = config.emulators?.storage?.host ?? '127.0.0.1';
  const port = config.emulators?.storage?.port ?? 9199;

  const emulator = await startStorageEmulator({ projectId: PROJECT_ID, host, port });
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { storage: hostOf(emulator.url) } });
  const seeded = await seedStorage(admin.bucket(BUCKET)).finally(() => admin.close());
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
