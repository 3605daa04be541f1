/**
 * The local Storage emulator: firebase-tools' own Storage emulator server (same REST API, same storage layer,
 * same upload and download code as `firebase emulators:start --only storage`), run inside this Node process with
 * its Java rules step replaced by our evaluator of storage.rules itself (./storage-rules.ts, ./rules-language/).
 *
 * The official emulator needs Java 21 and a rules runtime jar downloaded from the internet; neither is available
 * here. Everything below reaches into firebase-tools internals (lib/emulator/...), which is why package.json pins
 * firebase-tools to an exact version and emulator.test.ts fails loudly when an upgrade changes them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Ruleset } from './rules-language/index.ts';
import { STORAGE_RULES_FILE, decide, loadStorageRules, type EmulatorResource } from './storage-rules.ts';

export interface StorageEmulatorOptions {
  projectId: string;
  host: string;
  port: number;
  /** The rules to enforce: storage.rules unless told (a test enforces an edited copy). */
  rulesFile?: string;
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
  file?: { before?: EmulatorResource; after?: EmulatorResource };
}

interface StorageRulesIssues {
  errors: string[];
  warnings: string[];
  exist(): boolean;
}

/** firebase-tools' ruleset (rules/runtime.js): what its storage layer asks. */
interface FirebaseToolsRuleset {
  verify(opts: VerifyOptions): Promise<{ permitted?: boolean; issues: StorageRulesIssues }>;
}

/** The shape firebase-tools expects from createRulesManager() (rules/manager.js). */
interface RulesManager {
  start(): Promise<StorageRulesIssues>;
  stop(): Promise<void>;
  getRuleset(resource?: string): FirebaseToolsRuleset | undefined;
}

interface StorageEmulatorArgs {
  projectId: string;
  host: string;
  port: number;
  /** The rules file, for firebase-tools to name ({name, content}); decisions come from our evaluator. */
  rules: { name: string; content: string };
  auto_download?: boolean;
}

/** A stored object's metadata (storage/metadata.js StoredFileMetadata), as far as download tokens go. */
interface StoredFileMetadata {
  downloadTokens: string[];
  addDownloadToken(shouldTrigger?: boolean): void;
}

/** The storage layer (storage/files.js StorageLayer): the one method the token alignment wraps. */
interface StorageLayer {
  getObject(request: unknown): Promise<{ metadata: StoredFileMetadata; data: unknown }>;
  /** A metadata update through the Cloud Storage API (files.js); `metadata.metadata` is the custom metadata. */
  updateObjectMetadata(request: { metadata?: { metadata?: unknown } }): Promise<StoredFileMetadata>;
}

/** The custom metadata key that holds an object's download tokens (comma-separated). */
const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

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
  /** What the Firebase API (/v0/...) reads objects through. */
  readonly storageLayer: StorageLayer;
  /** The layer the Cloud Storage API (the Admin SDK) goes through: no rules. */
  readonly adminStorageLayer: StorageLayer;
}

/** storage/metadata.js StoredFileMetadata: what its asRulesResource() reads. */
interface StoredFileMetadataClass {
  prototype: {
    asRulesResource(proposedChanges?: unknown): EmulatorResource;
    cacheControl?: string;
    contentLanguage?: string;
    clone(): StoredFileMetadataClass['prototype'];
    update(changes: unknown, shouldTrigger: boolean): void;
  };
}

interface FirebaseToolsInternals {
  StoredFileMetadata: StoredFileMetadataClass;
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
    StoredFileMetadata: requireExport(`${base}/storage/metadata.js`, 'StoredFileMetadata'),
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

/**
 * Download tokens as production makes them. Firebase Storage gives an object a download token when a client GETs
 * its metadata and finds none, and on an upload through Firebase's API; never on a media GET (`?alt=media`, the
 * bytes). firebase-tools' Firebase API handler (apis/firebase.js, `GET /b/:bucketId/o/:objectId`) adds one on
 * every GET that finds none, media included. Here a media GET reads the object through a view of its metadata
 * whose addDownloadToken() does nothing; metadata GETs and uploads keep firebase-tools' behaviour (the production
 * one). emulator-tokens.test.ts proves all three.
 */
const mediaGetScope = new AsyncLocalStorage<boolean>();

/** A GET of an object's bytes (`?alt=media`), on either API. */
function isMediaGet(request: Pick<IncomingMessage, 'method' | 'url'>): boolean {
  if (request.method !== 'GET' || !request.url) return false;
  return new URL(request.url, 'http://emulator.invalid').searchParams.get('alt') === 'media';
}

/** Runs every request in a scope that says whether it is a media GET (read by the storage layer below). */
function scopeMediaGets(app: RequestListener): RequestListener {
  return (request, response) => mediaGetScope.run(isMediaGet(request), () => app(request, response));
}

/** Makes `layer.getObject` hand media GETs a metadata view that cannot add a download token. */
function withoutTokensOnMediaGets(layer: StorageLayer): void {
  const getObject = layer.getObject.bind(layer);
  layer.getObject = async (request) => {
    // Read now, in the handler's synchronous start: the scope is that of the request being handled.
    const media = mediaGetScope.getStore() === true;
    const result = await getObject(request);
    if (!media) return result;
    const view = Object.create(result.metadata, {
      addDownloadToken: { value: () => undefined },
    }) as StoredFileMetadata;
    return { ...result, metadata: view };
  };
}

/**
 * Production keeps an object's download tokens in its custom metadata `firebaseStorageDownloadTokens`: a metadata
 * update through the Cloud Storage API that sets the key sets the tokens to exactly that list, and null removes
 * them all. firebase-tools keeps tokens apart from the custom metadata and only ever adds the ones an update names
 * (metadata.js setDownloadTokensFromCustomMetadata), so the Admin SDK could never remove one. Here an update that
 * names the key replaces the tokens with what it says, as production does (emulator-tokens.test.ts).
 */
function withTokensAsMetadata(layer: StorageLayer): void {
  const updateObjectMetadata = layer.updateObjectMetadata.bind(layer);
  layer.updateObjectMetadata = async (request) => {
    const named = request.metadata?.metadata;
    const tokens =
      named && typeof named === 'object' && Object.hasOwn(named, DOWNLOAD_TOKENS_KEY)
        ? (named as Record<string, unknown>)[DOWNLOAD_TOKENS_KEY]
        : undefined;
    const stored = await updateObjectMetadata(request);
    if (tokens === null) stored.downloadTokens = [];
    else if (typeof tokens === 'string') stored.downloadTokens = tokens.split(',').filter(Boolean);
    return stored;
  };
}

/**
 * Production's rules resource has every header field an object is served with; firebase-tools' asRulesResource()
 * (metadata.js) leaves out cacheControl and contentLanguage, so a rule about them could not be tried here. Added
 * as the object (or the write proposing it) has them, absent when unset. Patched once, on the class: this process
 * runs one emulator.
 */
const alignedRulesResource = new WeakSet<object>();
function withEveryHeaderInRules(metadataClass: StoredFileMetadataClass): void {
  const proto = metadataClass.prototype;
  if (alignedRulesResource.has(proto)) return;
  alignedRulesResource.add(proto);
  const asRulesResource = proto.asRulesResource;
  proto.asRulesResource = function (this: StoredFileMetadataClass['prototype'], proposedChanges?: unknown) {
    const resource = asRulesResource.call(this, proposedChanges);
    const proposed = this.clone();
    if (proposedChanges) proposed.update(proposedChanges, false);
    return {
      ...resource,
      ...(proposed.cacheControl !== undefined ? { cacheControl: proposed.cacheControl } : {}),
      ...(proposed.contentLanguage !== undefined ? { contentLanguage: proposed.contentLanguage } : {}),
    };
  };
}

function createEmulatorClass(ft: FirebaseToolsInternals, ruleset: Ruleset) {
  withEveryHeaderInRules(ft.StoredFileMetadata);
  /** The rules manager firebase-tools asks for, answering every verify() from the rules file as loaded. */
  function rulesManager(ruleset: Ruleset, defaultProjectId: string): RulesManager {
    const verifier: FirebaseToolsRuleset = {
      verify: ({ method, path, token, projectId, file }) =>
        Promise.resolve({
          permitted: decide(
            ruleset,
            { method, path, token, resource: file?.before ?? null, requestResource: file?.after ?? null },
            projectId || defaultProjectId,
          ),
          issues: new ft.StorageRulesIssues(),
        }),
    };
    return {
      start: () => Promise.resolve(new ft.StorageRulesIssues()),
      stop: () => Promise.resolve(),
      getRuleset: () => verifier,
    };
  }

  return class RulesFileStorageEmulator extends ft.StorageEmulator {
    // `declare`: no class-field initialiser, because the base constructor already calls the overrides below.
    declare private server?: Server;
    declare private blobDir?: string;

    override createRulesManager(): RulesManager {
      return rulesManager(ruleset, this.args.projectId);
    }

    /**
     * firebase-tools uses one fixed folder (<tmp>/firebase/storage/blobs) and deletes it on stop, so two emulators
     * (a dev stack and a test run) would delete each other's files. Each instance gets its own folder instead.
     */
    override getPersistenceTmpDir(): string {
      this.blobDir ??= mkdtempSync(join(tmpdir(), 'reunion-storage-emulator-'));
      return this.blobDir;
    }

    /**
     * The base start() without the Java rules runtime: build the express app and listen. Download tokens behave as
     * in production: media GETs create none (withoutTokensOnMediaGets), and the Admin SDK can remove them
     * (withTokensAsMetadata).
     */
    override async start(): Promise<void> {
      const { host, port } = this.getInfo();
      await this._rulesManager.start();
      withoutTokensOnMediaGets(this.storageLayer);
      // Both layers: the Firebase API's (rules-checked) and the Cloud Storage API's (the Admin SDK's).
      withTokensAsMetadata(this.storageLayer);
      withTokensAsMetadata(this.adminStorageLayer);
      const app = scopeMediaGets(await ft.createApp(this.args.projectId, this));
      this._app = app;
      const server = createServer(app);
      // Longer than a client's idle keep-alive socket waits (Node's agent reuses one without a timeout of its
      // own): at Node's 5 s, a request sent as the server closes its idle socket meets ECONNRESET, as a command
      // run a few seconds after another on a loaded machine did. Cloud Storage keeps connections far longer.
      server.keepAliveTimeout = 65_000;
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
  // Loaded before anything listens: a rule the evaluator does not support stops the start, naming its line.
  const rulesFile = opts.rulesFile ?? STORAGE_RULES_FILE;
  const Emulator = createEmulatorClass(ft, loadStorageRules(rulesFile));
  const emulator = new Emulator({
    projectId: opts.projectId,
    host: opts.host,
    port: opts.port,
    rules: { name: rulesFile, content: '' },
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
