/**
 * firebase-tools' Auth emulator app (lib/emulator/auth/server.js, the same one `firebase emulators:start` runs),
 * served inside this process on a port of our choice: for tests that must not touch the local stack's fixed
 * ports. Like tools/local/storage/emulator.ts this reaches into firebase-tools internals (pinned version).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

export interface RunningAuthEmulator {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  stop(): Promise<void>;
}

export async function startAuthEmulator(opts: {
  projectId: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
}): Promise<RunningAuthEmulator> {
  const require = createRequire(import.meta.url);
  // Before the server is loaded: its validators compiled on first use (see the file).
  const { AUTH_SERVER: modulePath } = require('./lazy-validation.cjs') as { AUTH_SERVER: string };
  const { createApp } = require(modulePath) as {
    createApp?: (projectId: string) => Promise<RequestListener>;
  };
  if (typeof createApp !== 'function') {
    throw new Error(`firebase-tools internals changed: ${modulePath} no longer exports createApp.`);
  }
  const host = opts.host ?? '127.0.0.1';
  const server = createServer(await createApp(opts.projectId));
  // As the Storage emulator's (../storage/emulator.ts): no reset of a reused idle socket after 5 s.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}
