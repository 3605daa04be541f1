/**
 * The local stack, offline, on 127.0.0.1 (npm start / npm run dev):
 *   - the Auth emulator and the Hosting emulator (firebase-tools, as a child process),
 *   - the Storage emulator (firebase-tools' own server in this process, rules checked by the TypeScript
 *     mirror of storage.rules; see tools/local/storage),
 *   - demo data: the demo accounts, a real file for every catalogue entry, the relatives' demo photos
 *     (LARGE_DEMO_PHOTOS=<n> adds n shared photos for the scale test), and "who is who" in the 1976 group photo
 *     (a drawn picture, its tiles and faces, two suggestions waiting; kept in .cache/demo-faces/ between runs).
 * `npm start` serves the production build through the Hosting emulator at http://127.0.0.1:5000 with
 * firebase.json's rewrites and headers; `npm run dev` runs the Vite dev server (hot reload) instead.
 * Ctrl-C stops everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import waitOn from 'wait-on';
import { writeLocalFirebaseJson } from './firebase-config.ts';
import { connectAdmin, hostOf } from '../../admin/firebase-admin.ts';
import {
  AUTH_URL,
  BUCKET,
  DEV_URL,
  HOST,
  PORTS,
  PROJECT_ID,
  SITE_URL,
  STORAGE_URL,
  demoAccounts,
  type DemoAccount,
} from './config.ts';
import { assertPortsFree } from './ports.ts';
import { seedAccounts } from './seed/seed-accounts.ts';
import { seedStorage, textWarnings } from './seed/seed-storage.ts';
import { seedPhotos } from './seed/demo-photos.ts';
import { demoGroupPhotoWithTiles } from './seed/demo-group-photo.ts';
import { seedFaces } from './seed/seed-faces.ts';
import { startStorageEmulator } from './storage/emulator.ts';

const dev = process.argv.includes('--dev');
const require = createRequire(import.meta.url);
/** The Firebase CLI (what `npx firebase` runs), started by node itself so that it can preload: */
const FIREBASE_CLI = require.resolve('firebase-tools/lib/bin/firebase.js');
const LAZY_AUTH_VALIDATION = fileURLToPath(new URL('./auth/lazy-validation.cjs', import.meta.url));
const LOCAL_CONFIG = 'firebase.local.json';
/** What the Hosting emulator serves: dist/ without the files firebase.json's hosting.ignore keeps from a deploy. */
const HOSTING_STAGE = '.cache/hosting';
/** Process groups this stack started, so a start after a killed run can end what that run left. */
const PID_FILE = '.cache/stack-pids.json';
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
let stopping = false;

/** Resolves once `url` answers a GET with any HTTP status (wait-on polls it every 250 ms). */
function waitForHttp(url: string, timeout: number): Promise<void> {
  return waitOn({ resources: [url.replace(/^http:/, 'http-get:')], timeout, validateStatus: () => true });
}

function log(message: string): void {
  console.log(`[stack] ${message}`);
}

function run(command: string, args: string[], name: string): ChildProcess {
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true, // its own process group, so stop() can end it with everything it started
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_EXPERIMENTS: process.env.FIREBASE_CLI_EXPERIMENTS ?? '',
    },
  });
  children.add(child);
  savePids();
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(
        `[stack] ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping everything.`,
      );
      void stop(1);
    }
  });
  return child;
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  await Promise.race([
    Promise.all([...children].map((child) => new Promise((resolve) => child.once('exit', resolve)))),
    new Promise((resolve) => setTimeout(resolve, 8_000)),
  ]);
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(LOCAL_CONFIG, { force: true });
  rmSync(PID_FILE, { force: true });
  process.exit(code);
}

function savePids(): void {
  mkdirSync('.cache', { recursive: true });
  writeFileSync(PID_FILE, JSON.stringify([...children].map((child) => child.pid).filter(Boolean)));
}

function isStackProcess(pid: number): boolean {
  try {
    return /firebase|vite/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false; // gone, or not Linux
  }
}

/**
 * Leftovers of a run that was killed (kill -9, a closed terminal): its emulators, still holding the
 * ports, and the emulator hub's locator file, which would make the next start fail.
 */
async function clearLeftovers(): Promise<void> {
  let pids: number[] = [];
  try {
    pids = JSON.parse(readFileSync(PID_FILE, 'utf8')) as number[];
  } catch {
    // no earlier run
  }
  const alive = pids.filter(isStackProcess);
  for (const pid of alive) {
    log(`Stopping the emulators a previous run left behind (process group ${pid})`);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (alive.length) await new Promise((resolve) => setTimeout(resolve, 1_000));
  rmSync(PID_FILE, { force: true });
  rmSync(join(tmpdir(), `hub-${PROJECT_ID}.json`), { force: true });
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const ports: Record<string, number> = {
    'Auth emulator': PORTS.auth,
    'Storage emulator': PORTS.storage,
    'Emulator hub': PORTS.hub,
    'Emulator logging': PORTS.logging,
  };
  if (dev) ports['Vite dev server'] = PORTS.vite;
  else ports['Hosting emulator'] = PORTS.hosting;
  await clearLeftovers();
  await assertPortsFree(ports, HOST);

  const storage = await startStorageEmulator({ projectId: PROJECT_ID, host: HOST, port: PORTS.storage });
  cleanups.push(() => storage.stop());
  log(`Storage emulator on ${STORAGE_URL}`);

  // Hosting serves what a deploy would upload (firebase.json's ignore: no source maps, no dot files).
  const served = writeLocalFirebaseJson(
    'firebase.json',
    LOCAL_CONFIG,
    { auth: AUTH_URL, storage: STORAGE_URL },
    dev ? undefined : HOSTING_STAGE,
  );
  if (served !== undefined) {
    log(`Hosting serves the ${served} files of dist/ that a deploy uploads (staged in ${HOSTING_STAGE}/)`);
  }
  const only = dev ? 'auth' : 'auth,hosting';
  run(
    process.execPath,
    [
      // The Auth emulator compiles its request validators on first use (about 5 CPU-seconds less at start).
      '--require',
      LAZY_AUTH_VALIDATION,
      FIREBASE_CLI,
      'emulators:start',
      '--only',
      only,
      '--project',
      PROJECT_ID,
      '--config',
      LOCAL_CONFIG,
    ],
    'Firebase emulators',
  );
  await waitForHttp(`${AUTH_URL}/`, 90_000);
  if (!dev) await waitForHttp(`${SITE_URL}/`, 90_000);

  // The demo data goes in through the Admin SDK, as the organisers' commands put in the real data.
  const accounts = demoAccounts();
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(AUTH_URL), storage: hostOf(STORAGE_URL) },
  });
  try {
    const uids = await seedAccounts(admin.auth, Object.values(accounts));
    const demoUser = (account: DemoAccount) => ({
      uid: uids.get(account.email)!,
      name: account.displayName,
      email: account.email,
    });
    const [seeded, photos, groupPhoto] = await Promise.all([
      seedStorage(admin.bucket(BUCKET)),
      seedPhotos(admin.bucket(BUCKET), demoUser(accounts.member)),
      // Drawn and cut into tiles (or read from .cache/demo-faces/) beside the other seeding.
      demoGroupPhotoWithTiles(),
    ]);
    log(`Seeded ${seeded.files} files (${(seeded.bytes / 1024 / 1024).toFixed(1)} MiB) into gs://${BUCKET}`);
    const textParts = seeded.texts.reduce((sum, outcome) => sum + (outcome.text?.parts.length ?? 0), 0);
    const byOcr = seeded.texts.reduce(
      (sum, outcome) => sum + (outcome.text?.parts.filter((part) => part.method === 'ocr').length ?? 0),
      0,
    );
    log(
      `Read the text of ${seeded.texts.length} documents for the search: ${textParts} pages, rows and slides (${byOcr} scanned pages by OCR)`,
    );
    for (const warning of textWarnings(seeded.texts)) log(`Search text not read in full: ${warning}`);
    log(`Seeded ${photos.shared} shared photos and ${photos.waiting} waiting for approval`);
    // After seedStorage: the drawn group photo replaces its plain stand-in. Both suggestions are the demo member's:
    // storage.rules let only approved accounts see the faces and suggest names.
    const faces = await seedFaces(admin.bucket(BUCKET), {
      photo: groupPhoto,
      suggesters: { naming: demoUser(accounts.member), correcting: demoUser(accounts.member) },
    });
    log(
      `Seeded who is who in the 1976 group photo: ${faces.faces} faces (${faces.named} named), ` +
        `${faces.tiles} Deep Zoom files, ${faces.suggestions} suggestions waiting ` +
        (faces.fromCache
          ? '(picture and tiles from .cache/demo-faces/)'
          : '(drawn and cut now, kept in .cache/demo-faces/)'),
    );
  } finally {
    await admin.close();
  }

  if (dev) {
    run('npx', ['vite', '--host', HOST, '--port', String(PORTS.vite), '--strictPort'], 'Vite dev server');
    await waitForHttp(DEV_URL, 60_000);
  }

  const url = dev ? DEV_URL : SITE_URL;
  console.log(`
  The reunion website is running at ${url}/home  (offline demo project "${PROJECT_ID}")
  In Norwegian: ${url}/nb/home

  Demo accounts (password ${accounts.member.password}):
${Object.values(accounts)
  .map((account) => `    ${account.email.padEnd(26)} ${account.shows}`)
  .join('\n')}
  Approve, block or list accounts: npm run organiser:members -- list
  Photos waiting for approval: npm run organiser:photos -- list
  Names suggested for the 1976 group photo: npm run organiser:faces -- list
  E-mails the site "sends" (verification links): ${AUTH_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes

  Press Ctrl-C to stop.
`);
}

main().catch((error: unknown) => {
  console.error(`[stack] ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
