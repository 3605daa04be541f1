/**
 * The local Storage emulator: firebase-tools' own Storage emulator server (same REST API, same storage layer,
 * same upload and download code as `firebase emulators:start --only storage`), run inside this Node process with
 * its Java rules step replaced by the TypeScript mirror of storage.rules (./rules.ts).
 *
 * The official emulator needs Java 21 and a rules runtime jar downloaded from the internet; neither is available
 * here. Everything below reaches into firebase-tools internals (lib/emulator/...), which is why package.json pins
 * firebase-tools to an exact version and emulator.test.ts fails loudly when an upgrade changes them.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { isPermitted, type RulesResource } from './rules.ts';

export interface StorageEmulatorOptions {
  projectId: string;
  host: string;
  port: number;
}

export interface RunningStorageEmulator {
  /** Base URL, e.g. http://127.0.0.1:9199 (the SDK's connectStorageEmulator host and port). */
  url: string;
  /** Closes the server (and every open connection), deletes the stored blobs and unregisters the emulator. */
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// The firebase-tools boundary: the few internals we use, typed as narrowly as we need them.
// ---------------------------------------------------------------------------------------------------------------

/** What the storage layer passes to ruleset.verify() (rules/utils.js isPermitted). */
interface VerifyOptions {
  method: string;
  path: string;
  projectId: string;
  token?: string;
  delimiter?: string;
  /** `resource` (before) and `request.resource` (after) as rules resources; {} for list. */
  file?: { before?: RulesResource; after?: RulesResource };
}

interface StorageRulesIssues {
  errors: string[];
  warnings: string[];
  exist(): boolean;
}

interface Ruleset {
  verify(opts: VerifyOptions): Promise<{ permitted?: boolean; issues: StorageRulesIssues }>;
}

/** The shape firebase-tools expects from createRulesManager() (rules/manager.js). */
interface RulesManager {
  start(): Promise<StorageRulesIssues>;
  stop(): Promise<void>;
  getRuleset(resource?: string): Ruleset | undefined;
}

interface StorageEmulatorArgs {
  projectId: string;
  host: string;
  port: number;
  /** Normally a rules file ({name, content}); unused by the mirror. */
  rules: { name: string; content: string };
  auto_download?: boolean;
}

/** The parts of firebase-tools' StorageEmulator (emulator/storage/index.js) that the subclass touches. */
interface StorageEmulatorBase {
  readonly args: StorageEmulatorArgs;
  getInfo(): { name: string; host: string; port: number };
  getName(): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  createRulesManager(rules: unknown): RulesManager;
  getPersistenceTmpDir(): string;
  /** Set by start(); read back by getApp(). */
  _app?: RequestListener;
  /** Blob store on disk. */
  _persistence: { deleteAll(): Promise<void> };
  _rulesManager: RulesManager;
}

interface FirebaseToolsInternals {
  StorageEmulator: new (args: StorageEmulatorArgs) => StorageEmulatorBase;
  StorageRulesIssues: new () => StorageRulesIssues;
  createApp(projectId: string, emulator: StorageEmulatorBase): Promise<RequestListener>;
  EmulatorRegistry: {
    start(instance: StorageEmulatorBase): Promise<void>;
    get(name: string): unknown;
    clear(name: string): void;
  };
  /** 'storage' */
  STORAGE: string;
}

const require = createRequire(import.meta.url);

function requireExport<T>(modulePath: string, name: string): T {
  const hint = 'tools/local/storage/emulator.ts must be updated for this firebase-tools version.';
  let mod: Record<string, unknown>;
  try {
    mod = require(modulePath) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`firebase-tools internals changed: cannot load ${modulePath}. ${hint}`, { cause: err });
  }
  const value = mod[name];
  if (value === undefined) {
    throw new Error(`firebase-tools internals changed: ${modulePath} no longer exports ${name}. ${hint}`);
  }
  return value as T;
}

/** Loads the firebase-tools internals (Node caches the modules), failing clearly if any of them moved. */
function loadInternals(): FirebaseToolsInternals {
  const base = 'firebase-tools/lib/emulator';
  const emulators = requireExport<Record<string, string>>(`${base}/types.js`, 'Emulators');
  return {
    StorageEmulator: requireExport(`${base}/storage/index.js`, 'StorageEmulator'),
    StorageRulesIssues: requireExport(`${base}/storage/rules/runtime.js`, 'StorageRulesIssues'),
    createApp: requireExport(`${base}/storage/server.js`, 'createApp'),
    EmulatorRegistry: requireExport(`${base}/registry.js`, 'EmulatorRegistry'),
    STORAGE: emulators.STORAGE ?? 'storage',
  };
}

// ---------------------------------------------------------------------------------------------------------------

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const reason =
        err.code === 'EADDRINUSE' ? 'is already in use' : `cannot be opened (${err.code ?? err.message})`;
      reject(new Error(`Storage emulator: port ${port} on ${host} ${reason}.`, { cause: err }));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close((err) => (err ? reject(err) : resolve()));
    // Keep-alive and in-flight connections would otherwise hold the port open.
    server.closeAllConnections();
  });
}

function createMirrorEmulatorClass(ft: FirebaseToolsInternals) {
  /** The rules manager firebase-tools asks for, answering every verify() with the TypeScript mirror. */
  function mirrorRulesManager(defaultProjectId: string): RulesManager {
    const ruleset: Ruleset = {
      verify: ({ method, path, token, projectId, file }) =>
        Promise.resolve({
          permitted: isPermitted(
            { method, path, token, resource: file?.before ?? null, requestResource: file?.after ?? null },
            projectId || defaultProjectId,
          ),
          issues: new ft.StorageRulesIssues(),
        }),
    };
    return {
      start: () => Promise.resolve(new ft.StorageRulesIssues()),
      stop: () => Promise.resolve(),
      getRuleset: () => ruleset,
    };
  }

  return class MirrorStorageEmulator extends ft.StorageEmulator {
    // `declare`: no class-field initialiser, because the base constructor already calls the overrides below.
    declare private server?: Server;
    declare private blobDir?: string;

    override createRulesManager(): RulesManager {
      return mirrorRulesManager(this.args.projectId);
    }

    /**
     * firebase-tools uses one fixed folder (<tmp>/firebase/storage/blobs) and deletes it on stop, so two emulators
     * (a dev stack and a test run) would delete each other's files. Each instance gets its own folder instead.
     */
    override getPersistenceTmpDir(): string {
      this.blobDir ??= mkdtempSync(join(tmpdir(), 'reunion-storage-emulator-'));
      return this.blobDir;
    }

    /** The base start() without the Java rules runtime: build the express app and listen. */
    override async start(): Promise<void> {
      const { host, port } = this.getInfo();
      await this._rulesManager.start();
      const app = await ft.createApp(this.args.projectId, this);
      this._app = app;
      const server = createServer(app);
      await listen(server, host, port);
      this.server = server;
    }

    override async stop(): Promise<void> {
      const server = this.server;
      this.server = undefined;
      await this._rulesManager.stop();
      if (server) await closeServer(server);
      await this._persistence.deleteAll();
    }
  };
}

function formatUrl(host: string, port: number): string {
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * Starts the Storage emulator on host:port. One per process: firebase-tools keeps a process-wide registry.
 * Rejects with an Error naming the port when it is in use.
 */
export async function startStorageEmulator(opts: StorageEmulatorOptions): Promise<RunningStorageEmulator> {
  const ft = loadInternals();
  if (ft.EmulatorRegistry.get(ft.STORAGE)) {
    throw new Error(
      `Storage emulator: one is already running in this process (port ${opts.port} not opened).`,
    );
  }
  const MirrorStorageEmulator = createMirrorEmulatorClass(ft);
  const emulator = new MirrorStorageEmulator({
    projectId: opts.projectId,
    host: opts.host,
    port: opts.port,
    rules: { name: 'storage.rules (mirrored by tools/local/storage/rules.ts)', content: '' },
    auto_download: false,
  });

  const unregister = () => {
    if (ft.EmulatorRegistry.get(ft.STORAGE) === emulator) ft.EmulatorRegistry.clear(ft.STORAGE);
  };
  try {
    // Registers the instance (uploads look up the emulator's host and port there), calls start() and waits for
    // the port to accept connections.
    await ft.EmulatorRegistry.start(emulator);
  } catch (err) {
    unregister();
    await emulator.stop().catch(() => undefined);
    throw err;
  }

  let stopping: Promise<void> | undefined;
  return {
    url: formatUrl(opts.host, opts.port),
    stop() {
      stopping ??= emulator.stop().finally(unregister);
      return stopping;
    },
  };
}
