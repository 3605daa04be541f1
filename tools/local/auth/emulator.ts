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

/**
 * The app validates every request and answer against the Identity Toolkit API's OpenAPI document (exegesis, with
 * ajv). By default it compiles a validator for every schema of every operation when the app is made: about 5
 * CPU-seconds, which each test file starting its own emulator paid, against 0.3 s with each operation's validators
 * compiled the first time it is called (exegesis' own option, lazyCompileValidationSchemas). The validation itself
 * is the same. Set on the exegesis-express that firebase-tools' server requires, before it is loaded.
 */
function compileValidatorsOnFirstUse(require: NodeJS.Require, serverPath: string): void {
  const exegesisExpress = require(require.resolve('exegesis-express', { paths: [serverPath] })) as {
    middleware?: ((doc: unknown, options: object, ...rest: unknown[]) => unknown) & { lazy?: true };
  };
  const middleware = exegesisExpress.middleware;
  if (typeof middleware !== 'function') {
    throw new Error('firebase-tools internals changed: exegesis-express no longer exports middleware.');
  }
  if (middleware.lazy) return;
  exegesisExpress.middleware = Object.assign(
    (doc: unknown, options: object, ...rest: unknown[]) =>
      middleware(doc, { ...options, lazyCompileValidationSchemas: true }, ...rest),
    { lazy: true as const },
  );
}

export async function startAuthEmulator(opts: {
  projectId: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
}): Promise<RunningAuthEmulator> {
  const require = createRequire(import.meta.url);
  const modulePath = 'firebase-tools/lib/emulator/auth/server.js';
  compileValidatorsOnFirstUse(require, require.resolve(modulePath));
  const { createApp } = require(modulePath) as {
    createApp?: (projectId: string) => Promise<RequestListener>;
  };
  if (typeof createApp !== 'function') {
    throw new Error(`firebase-tools internals changed: ${modulePath} no longer exports createApp.`);
  }
  const host = opts.host ?? '127.0.0.1';
  const server = createServer(await createApp(opts.projectId));
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
