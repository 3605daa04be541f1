/**
 * The Admin SDK (firebase-admin) for the scripts: the organiser commands, the seeding of the local stack and the
 * tests. One connection per target; nothing else in organiser/ or tools/ talks to Auth or Storage as an administrator.
 *
 * Emulators: firebase-admin finds them through environment variables, read when a service is first created
 * (Storage: FIREBASE_STORAGE_EMULATOR_HOST / STORAGE_EMULATOR_HOST) or on every request (Auth:
 * FIREBASE_AUTH_EMULATOR_HOST). connectAdmin() sets them for an emulator target and REMOVES them for a real
 * project, so a variable left in the shell can never send a real project's command to an emulator or the other
 * way round. Consequence: one target per process at a time (the commands, the stack and each test file are).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Storage } from 'firebase-admin/storage';

const require = createRequire(import.meta.url);

/**
 * The SDK, loaded by the first connection rather than by every command at start: a command's --help or a usage
 * error needs none of its modules, which are slow to load through tsx.
 */
function adminSdk() {
  return {
    ...(require('firebase-admin/app') as typeof import('firebase-admin/app')),
    ...(require('firebase-admin/auth') as typeof import('firebase-admin/auth')),
    ...(require('firebase-admin/storage') as typeof import('firebase-admin/storage')),
  };
}

/** A bucket of firebase-admin's Storage (a @google-cloud/storage Bucket). */
export type Bucket = ReturnType<Storage['bucket']>;

export interface AdminTarget {
  projectId: string;
  /** host:port of the emulators (e.g. 127.0.0.1:9099); absent for a real project. */
  emulators?: { auth?: string; storage?: string };
}

export interface AdminConnection {
  readonly projectId: string;
  readonly app: App;
  readonly auth: Auth;
  bucket(name: string): Bucket;
  /** A Google access token from the app's credential (Application Default Credentials); real projects only. */
  accessToken(): Promise<string>;
  close(): Promise<void>;
}

type EmulatorVariable =
  'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_STORAGE_EMULATOR_HOST' | 'STORAGE_EMULATOR_HOST';

function setEnv(name: EmulatorVariable, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** host:port of an http(s) URL, as the *_EMULATOR_HOST variables want it. */
export function hostOf(url: string): string {
  return new URL(url).host;
}

export function connectAdmin(target: AdminTarget): AdminConnection {
  const { auth, storage } = target.emulators ?? {};
  setEnv('FIREBASE_AUTH_EMULATOR_HOST', auth);
  setEnv('FIREBASE_STORAGE_EMULATOR_HOST', storage);
  // firebase-admin copies FIREBASE_STORAGE_EMULATOR_HOST here only when this one is unset: set both.
  setEnv('STORAGE_EMULATOR_HOST', storage && `http://${storage}`);
  if (!target.emulators) {
    // User credentials (gcloud auth application-default login) need a project to bill the API calls to.
    process.env.GOOGLE_CLOUD_QUOTA_PROJECT ??= target.projectId;
  }

  const { initializeApp, deleteApp, getAuth, getStorage } = adminSdk();
  // Its own named app, so that connections never share cached services.
  const app = initializeApp({ projectId: target.projectId }, `reunion-admin-${randomUUID()}`);
  let authService: Auth | undefined;
  let storageService: Storage | undefined;
  return {
    projectId: target.projectId,
    app,
    get auth() {
      authService ??= getAuth(app);
      return authService;
    },
    bucket(name) {
      if (!storageService) {
        storageService = getStorage(app);
        if (storage) {
          // The emulator is local: one that is not running should say so at once, not after the client's
          // retries with back-off (16 s). Set before any Bucket exists: a Bucket restores the value it saw.
          const client = storageService.bucket(name).storage;
          client.retryOptions.autoRetry = false;
          client.retryOptions.maxRetries = 0;
        }
      }
      return storageService.bucket(name);
    },
    async accessToken() {
      const credential = app.options.credential;
      if (!credential) throw new Error('The Admin SDK app has no credential.');
      const { access_token: token } = await credential.getAccessToken();
      return token;
    },
    close: () => deleteApp(app),
  };
}

/** The HTTP status of an SDK error, when it has one. */
export function statusOf(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'number') return code;
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
