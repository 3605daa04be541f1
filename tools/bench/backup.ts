/**
 * npm run bench:backup: the organisers' backup, restore and archive commands on the 2,000-photo demo, against
 * emulators of its own (in this process, on free ports: never the local stack's fixed ones, so it runs beside
 * `npm start`). The bucket is seeded as `LARGE_DEMO_PHOTOS=2000 npm start` seeds it: the catalogue files with the
 * large demo file, the demo photos and 2,000 more shared ones, who is who in the 1976 group photo.
 *
 * Each command runs as an organiser runs it: its own process (`node --import tsx organiser/commands/<name>.ts`, what
 * the npm script starts), since tools may not import organiser/. The plain download it is compared with runs the same
 * way, as this file started again with --plain: every object listed and read with the Admin SDK's createReadStream
 * into a file on disk, as many at a time as the backup reads. In one run, from the same emulator:
 *   1. BENCH_RUNS rounds (default 3) of the plain download and a first backup into an empty folder, then a second
 *      backup with nothing changed, and a command started only to print its help (what starting one costs);
 *   2. organiser:restore from the last backup into the bucket emptied first (every object deleted);
 *   3. organiser:archive into a new folder: its time and size.
 * Times are medians; CPU is the whole of it (this process, where the emulators serve, and the command's), which
 * another busy program on the machine changes less than the times. Goals: the first backup at least 0.8x the plain
 * download's speed; the second under 5 % of the first's time. Exits 1 when one is missed.
 * BENCH_BACKUP_PHOTOS (default 2000) changes the number of extra shared photos.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

import { localPathOf, readManifest } from '../../admin/bucket/backup.ts';
import { connectAdmin, hostOf, type AdminConnection, type Bucket } from '../../admin/firebase-admin.ts';
import { startAuthEmulator } from '../local/auth/emulator.ts';
import { BUCKET, PROJECT_ID, demoAccounts } from '../local/config.ts';
import { freePort } from '../local/ports.ts';
import { demoGroupPhotoWithTiles } from '../local/seed/demo-group-photo.ts';
import { seedPhotos } from '../local/seed/demo-photos.ts';
import { seedAccounts } from '../local/seed/seed-accounts.ts';
import { seedFaces } from '../local/seed/seed-faces.ts';
import { seedStorage } from '../local/seed/seed-storage.ts';
import { startStorageEmulator } from '../local/storage/emulator.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);
const PHOTOS = Number(process.env.BENCH_BACKUP_PHOTOS ?? 2000);
const ROUNDS = Number(process.env.BENCH_RUNS ?? 3);
/** How many objects runBackup reads at a time (its default, which organiser:backup keeps): the plain download too. */
const BACKUP_CONCURRENCY = 4;
const SPEED_GOAL = 0.8;
const SECOND_RUN_GOAL = 0.05;
const mib = (bytes: number) => bytes / 1024 / 1024;
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

// ---------------------------------------------------------------------------------------------------------------
// The plain download (this file with --plain <folder>, in a process of its own like the commands)
// ---------------------------------------------------------------------------------------------------------------

/**
 * The floor: every object listed and written to disk as plainly as the Admin SDK allows, BACKUP_CONCURRENCY at a
 * time, into the same layout of folders. What the backup does on top (checksums, .partial and rename, the manifest,
 * the accounts) is what the comparison shows.
 */
async function plainDownload(bucket: Bucket, folder: string): Promise<{ files: number; bytes: number }> {
  const [listed] = await bucket.getFiles({ autoPaginate: true });
  const files = listed.filter((file) => !file.name.endsWith('/'));
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const target = localPathOf(folder, file.name);
      await mkdir(dirname(target), { recursive: true });
      await pipeline(file.createReadStream({ validation: false }), createWriteStream(target));
      bytes += Number(file.metadata.size ?? 0);
    }
  };
  await Promise.all(Array.from({ length: BACKUP_CONCURRENCY }, worker));
  return { files: files.length, bytes };
}

/** The --plain process: reads the emulator's address as the commands do, prints what it copied as JSON. */
async function plainMain(folder: string): Promise<void> {
  const storage = process.env.STORAGE_EMULATOR_URL!;
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { storage: hostOf(storage) } });
  try {
    console.log(JSON.stringify(await plainDownload(admin.bucket(BUCKET), folder)));
  } finally {
    await admin.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Emulators and the demo
// ---------------------------------------------------------------------------------------------------------------

interface Emulators {
  admin: AdminConnection;
  /** The environment of the processes started: this one's, pointed at these emulators. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

async function startEmulators(): Promise<Emulators> {
  const [auth, storage] = await Promise.all([
    startAuthEmulator({ projectId: PROJECT_ID }),
    freePort().then((port) => startStorageEmulator({ projectId: PROJECT_ID, host: '127.0.0.1', port })),
  ]);
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(auth.url), storage: hostOf(storage.url) },
  });
  return {
    admin,
    env: { ...process.env, AUTH_EMULATOR_URL: auth.url, STORAGE_EMULATOR_URL: storage.url },
    async stop() {
      await admin.close();
      await Promise.all([storage.stop(), auth.stop()]);
    },
  };
}

/** The bucket and accounts as the local stack seeds them with LARGE_DEMO_PHOTOS=PHOTOS (tools/local/stack.ts). */
async function seedDemo(admin: AdminConnection): Promise<void> {
  const accounts = demoAccounts({});
  const uids = await seedAccounts(admin.auth, Object.values(accounts));
  const { member } = accounts;
  const user = { uid: uids.get(member.email)!, name: member.displayName, email: member.email };
  const bucket = admin.bucket(BUCKET);
  const [, , groupPhoto] = await Promise.all([
    seedStorage(bucket),
    seedPhotos(bucket, user, { large: PHOTOS }),
    demoGroupPhotoWithTiles(),
  ]);
  await seedFaces(bucket, { photo: groupPhoto, suggesters: { naming: user, correcting: user } });
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring a process
// ---------------------------------------------------------------------------------------------------------------

/** A measured step: wall time, and the CPU time of this process and of the processes it started and waited for. */
interface Timing {
  ms: number;
  cpuMs: number;
}

const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU time of this process and its waited-for children (Linux: /proc/self/stat's utime, stime, cutime, cstime). */
function cpuMsSoFar(): number {
  const { user, system } = process.cpuUsage();
  // The fields after the command's name, which may hold spaces, hence from the last ')'.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const childTicks = Number(fields[14]) + Number(fields[15]);
  return (user + system) / 1000 + (childTicks / TICKS_PER_SECOND) * 1000;
}

async function measure<T>(work: () => Promise<T>): Promise<Timing & { result: T }> {
  const started = performance.now();
  const cpu = cpuMsSoFar();
  const result = await work();
  return { ms: performance.now() - started, cpuMs: cpuMsSoFar() - cpu, result };
}

/**
 * Runs a TypeScript file as `npm run` does (Node with tsx's loader), in its own process; resolves with its output
 * lines.
 */
function runFile(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const lines = output.trimEnd().split('\n');
      if (code === 0) done(lines);
      else fail(new Error(`${file} ${args.join(' ')} exited ${code}:\n${output}`));
    });
  });
}

const organiser = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  runFile(join(ROOT, 'organiser', 'commands', `${command}.ts`), args, env);

// ---------------------------------------------------------------------------------------------------------------
// The steps
// ---------------------------------------------------------------------------------------------------------------

interface Size {
  files: number;
  bytes: number;
}

/** The files and bytes below a folder. */
async function sizeOfFolder(folder: string): Promise<Size> {
  let files = 0;
  let bytes = 0;
  for (const name of await readdir(folder, { recursive: true })) {
    const info = await stat(join(folder, name));
    if (!info.isFile()) continue;
    files += 1;
    bytes += info.size;
  }
  return { files, bytes };
}

/** The files and bytes a backup folder's manifest holds. */
async function backedUp(folder: string): Promise<Size> {
  const entries = Object.values((await readManifest(folder)).objects);
  return { files: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.size, 0) };
}

interface Rounds {
  plain: Timing[];
  first: Timing[];
  second: Timing[];
  start: Timing[];
  size: Size;
  /** The last round's backup folder, kept for the restore. */
  folder: string;
  /** What the last first and second backups said last. */
  said: string[];
}

/** One round: the plain download and a first backup one after the other, then the second and a bare start. */
async function backupRound({ env }: Emulators, temp: string, round: number, rounds: Rounds): Promise<void> {
  const plainFolder = join(temp, `plain-${round}`);
  const plain = await measure(() => runFile(THIS_FILE, ['--plain', plainFolder], env));
  await rm(plainFolder, { recursive: true, force: true });
  if (rounds.folder) await rm(rounds.folder, { recursive: true });
  rounds.folder = join(temp, `backup-${round}`);
  const first = await measure(() => organiser('backup', [rounds.folder], env));
  const second = await measure(() => organiser('backup', [rounds.folder], env));
  const start = await measure(() => organiser('backup', ['--help'], env));
  rounds.size = await backedUp(rounds.folder);
  const copied = JSON.parse(plain.result.at(-1)!) as Size;
  if (copied.files !== rounds.size.files || copied.bytes !== rounds.size.bytes)
    throw new Error(
      `The plain download copied ${JSON.stringify(copied)}, the backup ${JSON.stringify(rounds.size)}`,
    );
  rounds.plain.push(plain);
  rounds.first.push(first);
  rounds.second.push(second);
  rounds.start.push(start);
  rounds.said = [first.result.at(-1)!, second.result.at(-1)!];
  console.log(
    `round ${round}: plain download ${seconds(plain.ms)} s, first backup ${seconds(first.ms)} s, ` +
      `second ${seconds(second.ms)} s`,
  );
}

/**
 * ROUNDS times a round, so that a busy moment of the machine falls on both alike; the medians are compared.
 * Each first backup writes into an empty folder.
 */
async function backupRounds(emulators: Emulators, temp: string): Promise<Rounds> {
  const rounds: Rounds = {
    plain: [],
    first: [],
    second: [],
    start: [],
    size: { files: 0, bytes: 0 },
    folder: '',
    said: [],
  };
  for (let round = 1; round <= ROUNDS; round++) await backupRound(emulators, temp, round, rounds);
  return rounds;
}

/** The bucket emptied (every object deleted), then organiser:restore from the backup. */
async function emptyAndRestore({ admin, env }: Emulators, folder: string) {
  const bucket = admin.bucket(BUCKET);
  const emptied = await measure(() => bucket.deleteFiles());
  if ((await bucket.getFiles())[0].length) throw new Error('The bucket is not empty after deleteFiles()');
  const restored = await measure(() => organiser('restore', [folder], env));
  const [objects] = await bucket.getFiles({ autoPaginate: true });
  return { emptied, restored, objects: objects.length };
}

async function makeArchive({ env }: Emulators, folder: string) {
  const made = await measure(() => organiser('archive', [folder, '--site', resolve(ROOT, 'dist')], env));
  return { made, size: await sizeOfFolder(folder) };
}

// ---------------------------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------------------------

const median = (timings: Timing[]): Timing => {
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { ms: middle(timings.map((t) => t.ms)), cpuMs: middle(timings.map((t) => t.cpuMs)) };
};

function row(step: string, timings: Timing[], size?: Size) {
  const { ms, cpuMs } = median(timings);
  return {
    step,
    files: size?.files ?? '',
    MiB: size ? Number(mib(size.bytes).toFixed(1)) : '',
    'time (s)': seconds(ms),
    'MiB/s': size ? Number((mib(size.bytes) / (ms / 1000)).toFixed(1)) : '',
    'CPU (s)': seconds(cpuMs),
    runs: timings.map((t) => seconds(t.ms)).join(' / '),
  };
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** Runs every step, prints the figures and the verdicts; resolves whether both goals are met. */
async function run(emulators: Emulators, temp: string): Promise<boolean> {
  const seeded = await measure(() => seedDemo(emulators.admin));
  console.log(`Seeded the demo with ${PHOTOS} more shared photos in ${seconds(seeded.ms)} s`);
  const rounds = await backupRounds(emulators, temp);
  const restored = await emptyAndRestore(emulators, rounds.folder);
  const archived = await makeArchive(emulators, join(temp, 'archive'));

  const { size } = rounds;
  console.log(
    `\nBucket: ${size.files} objects, ${mib(size.bytes).toFixed(1)} MiB; ${BACKUP_CONCURRENCY} at a time; ` +
      `each step a process of its own; median of ${ROUNDS} runs`,
  );
  console.table([
    row('plain download (Admin SDK, to disk)', rounds.plain, size),
    row('organiser:backup, first run', rounds.first, size),
    row('organiser:backup, second run (unchanged)', rounds.second),
    row('a command started (--help)', rounds.start),
    row(`organiser:restore into the emptied bucket`, [restored.restored], size),
    row('organiser:archive', [archived.made], archived.size),
  ]);
  for (const line of [...rounds.said, restored.restored.result.at(-1), archived.made.result.at(-2)])
    console.log(`  ${line}`);
  console.log(`  (emptying the bucket before the restore took ${seconds(restored.emptied.ms)} s)`);
  if (restored.objects !== size.files)
    console.log(`The restore put back ${restored.objects} of ${size.files} objects.`);

  const first = median(rounds.first).ms;
  const ratio = median(rounds.plain).ms / first;
  const share = median(rounds.second).ms / first;
  const fastEnough = ratio >= SPEED_GOAL;
  const incremental = share < SECOND_RUN_GOAL;
  console.log(
    `First backup / plain download speed: ${ratio.toFixed(2)}x  (goal >= ${SPEED_GOAL}x: ${verdict(fastEnough)})`,
  );
  // What the goal cannot help: a command's start (Node, tsx, the modules), the same for both runs.
  const start = median(rounds.start).ms;
  const netShare = (median(rounds.second).ms - start) / (first - start);
  console.log(
    `Second backup / first: ${(share * 100).toFixed(1)} %  (goal < ${SECOND_RUN_GOAL * 100} %: ${verdict(incremental)}); ` +
      `${(netShare * 100).toFixed(1)} % without starting the command`,
  );
  return fastEnough && incremental;
}

async function main(): Promise<void> {
  const temp = await mkdtemp(join(tmpdir(), 'bench-backup-'));
  const emulators = await startEmulators();
  try {
    if (!(await run(emulators, temp))) process.exitCode = 1;
  } finally {
    await emulators.stop();
    await rm(temp, { recursive: true, force: true });
  }
}

const [mode, folder] = process.argv.slice(2);
(mode === '--plain' ? plainMain(folder!) : main()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
