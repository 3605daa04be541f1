/**
 * Where an organiser command acts, decided in one place:
 *   - no --project: the local emulators with the demo project (npm start), never the internet;
 *   - --project <alias or id>: the alias is looked up in .firebaserc, otherwise the value is the project id.
 *     A demo-* id means the emulators too. A real project is used only because it was named on the command
 *     line: never from GCLOUD_PROJECT / GOOGLE_CLOUD_PROJECT, `firebase use`, or .firebaserc's default alias.
 * Pure, apart from readFirebaserc().
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  DEMO_PROJECT_ID,
  defaultBucketNames,
  defaultStorageBucket,
  isDemoProject,
} from '../../src/config/firebase-project.ts';
import { emulatorUrl } from '../../src/config/local-emulators.ts';
import { CommandError, UsageError } from './errors.ts';
import { nearest } from './suggest.ts';

export interface Firebaserc {
  projects?: Record<string, string>;
}

interface TargetBase {
  projectId: string;
  /** The .firebaserc alias named on the command line, if any. */
  alias?: string;
  /** Bucket name without gs:// */
  bucket: string;
}

export interface EmulatorTarget extends TargetBase {
  kind: 'emulator';
  /** Storage emulator base URL, e.g. http://127.0.0.1:9199 */
  storageUrl: string;
  /** Auth emulator base URL, e.g. http://127.0.0.1:9099 */
  authUrl: string;
}

export interface ProjectTarget extends TargetBase {
  kind: 'project';
}

export type Target = EmulatorTarget | ProjectTarget;

export interface TargetOptions {
  /** --project: an alias from .firebaserc or a project id. */
  project?: string;
  /** --bucket: overrides the default bucket. */
  bucket?: string;
}

export interface TargetSources {
  /** Read: STORAGE_EMULATOR_URL, AUTH_EMULATOR_URL (emulators), FIREBASE_STORAGE_BUCKET (real projects). */
  env: NodeJS.ProcessEnv;
  firebaserc: Firebaserc;
}

/** Google Cloud project ids: 6-30 characters, lowercase letters, digits and hyphens, starting with a letter. */
const PROJECT_ID_PATTERN = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
/** Bucket names (simplified): lowercase letters, digits, dots, hyphens and underscores. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

export { isDemoProject };

/** Whether a bucket name is one of the project's default buckets (<id>.firebasestorage.app or <id>.appspot.com). */
export function isBucketOfProject(bucket: string, projectId: string): boolean {
  return (defaultBucketNames(projectId) as string[]).includes(bucket);
}

function normaliseBucket(raw: string, from: string): string {
  const bucket = raw
    .trim()
    .replace(/^gs:\/\//, '')
    .replace(/\/+$/, '');
  if (!BUCKET_PATTERN.test(bucket)) {
    throw new UsageError(`${from} "${raw}" is not a bucket name (e.g. my-reunion.firebasestorage.app).`);
  }
  return bucket;
}

function normaliseUrl(raw: string | undefined, fallback: string, name: string): string {
  const value = raw?.trim();
  if (!value) return fallback;
  if (!/^https?:\/\/[^/]+/.test(value)) {
    throw new UsageError(`${name} "${value}" is not an http(s) URL (e.g. http://127.0.0.1:9199).`);
  }
  return value.replace(/\/+$/, '');
}

export function resolveTarget(opts: TargetOptions, sources: TargetSources): Target {
  const { env, firebaserc } = sources;
  const aliases = firebaserc.projects ?? {};

  if (opts.project === undefined) {
    // No project named: the local stack, whatever the environment or .firebaserc's default says.
    return emulatorTarget(env.DEMO_PROJECT_ID ?? DEMO_PROJECT_ID, undefined, opts, env);
  }

  const named = opts.project.trim();
  if (!named) throw new UsageError('--project needs an alias from .firebaserc or a project id.');
  const aliased = Object.hasOwn(aliases, named) ? aliases[named] : undefined;
  const projectId = aliased ?? named;
  if (!PROJECT_ID_PATTERN.test(projectId)) {
    const known = Object.keys(aliases);
    throw new UsageError(
      aliased
        ? `.firebaserc maps the alias "${named}" to "${projectId}", which is not a project id.`
        : `"${named}" is neither an alias in .firebaserc (${known.length ? known.join(', ') : 'none defined'}) ` +
            'nor a Firebase project id (6-30 lowercase letters, digits and hyphens).',
    );
  }
  const alias = aliased ? named : undefined;
  if (isDemoProject(projectId)) return emulatorTarget(projectId, alias, opts, env);

  return {
    kind: 'project',
    projectId,
    ...(alias ? { alias } : {}),
    bucket: projectBucket(projectId, opts, env),
  };
}

/**
 * A real project's bucket: --bucket, else FIREBASE_STORAGE_BUCKET, else <id>.firebasestorage.app. A bucket named
 * either way must be one of the project's own two default buckets: a typo, or a variable left over from work on
 * another project, must never delete or block anything there.
 */
function projectBucket(projectId: string, opts: TargetOptions, env: NodeJS.ProcessEnv): string {
  const [from, raw] =
    opts.bucket !== undefined
      ? ['--bucket', opts.bucket]
      : env.FIREBASE_STORAGE_BUCKET?.trim()
        ? ['FIREBASE_STORAGE_BUCKET', env.FIREBASE_STORAGE_BUCKET]
        : [undefined, undefined];
  if (from === undefined || raw === undefined) return defaultStorageBucket(projectId);
  const bucket = normaliseBucket(raw, from);
  if (!isBucketOfProject(bucket, projectId)) {
    const [current, legacy] = defaultBucketNames(projectId);
    throw new UsageError(
      `${from} is ${bucket}, which is not a bucket of the project ${projectId} (${current} or ${legacy}).` +
        (from === '--bucket' ? ' Check the name, or the --project.' : ' Unset it, or pass --bucket.'),
    );
  }
  return bucket;
}

function emulatorTarget(
  projectId: string,
  alias: string | undefined,
  opts: TargetOptions,
  env: NodeJS.ProcessEnv,
): EmulatorTarget {
  return {
    kind: 'emulator',
    projectId,
    ...(alias ? { alias } : {}),
    bucket:
      opts.bucket !== undefined ? normaliseBucket(opts.bucket, '--bucket') : defaultStorageBucket(projectId),
    storageUrl: normaliseUrl(env.STORAGE_EMULATOR_URL, emulatorUrl('storage'), 'STORAGE_EMULATOR_URL'),
    authUrl: normaliseUrl(env.AUTH_EMULATOR_URL, emulatorUrl('auth'), 'AUTH_EMULATOR_URL'),
  };
}

/**
 * What a command's `Target: ...` line names besides the project: the bucket, the Auth emulator, both (accounts and
 * files), or nothing.
 */
export type TargetDescription = 'storage' | 'auth' | 'auth+storage' | 'project';

/**
 * One line saying where the command acts, e.g.
 *   Target: local emulators (demo-reunion), bucket gs://demo-reunion.firebasestorage.app at http://127.0.0.1:9199
 *   Target: Firebase project my-reunion (alias production), bucket gs://my-reunion.firebasestorage.app
 */
export function describeTarget(target: Target, what: TargetDescription = 'storage'): string {
  // A real project named by id: say so, so that a mistyped alias is seen before anything happens.
  const alias = target.alias ? ` (alias ${target.alias})` : ' (a project id, not an alias from .firebaserc)';
  if (target.kind === 'emulator') {
    const base = `Target: local emulators (${target.projectId}${target.alias ? `, alias ${target.alias}` : ''})`;
    const auth = `Auth emulator at ${target.authUrl}`;
    const storage = `bucket gs://${target.bucket} at ${target.storageUrl}`;
    if (what === 'storage') return `${base}, ${storage}`;
    if (what === 'auth') return `${base}, ${auth}`;
    if (what === 'auth+storage') return `${base}, ${auth}, ${storage}`;
    return base;
  }
  const base = `Target: Firebase project ${target.projectId}${alias}`;
  return what === 'storage' || what === 'auth+storage' ? `${base}, bucket gs://${target.bucket}` : base;
}

/**
 * When --project named no alias of .firebaserc and so was taken as the id of a real project: a note that says so,
 * names the aliases .firebaserc has and the nearest one (a typo such as "prodution"), and how to add an alias.
 * Raw project ids stay allowed; the note makes a mistyped alias visible before anything happens. undefined for an
 * alias or the emulators.
 */
export function projectIdNote(target: Target, firebaserc: Firebaserc): string | undefined {
  if (target.kind !== 'project' || target.alias) return undefined;
  const aliases = Object.entries(firebaserc.projects ?? {});
  const known = aliases.length
    ? `its aliases: ${aliases.map(([alias, id]) => `${alias} (${id})`).join(', ')}`
    : 'it has none';
  const guess = nearest(
    target.projectId,
    aliases.map(([alias]) => alias),
  );
  return (
    `Note: "${target.projectId}" is not an alias in .firebaserc (${known}), so it is taken as a Firebase project ` +
    `id.${guess ? ` Did you mean --project ${guess}?` : ''} To give the project an alias, add ` +
    `"<alias>": "<project id>" under "projects" in .firebaserc.`
  );
}

/** .firebaserc of the repository; {} when there is none. */
export function readFirebaserc(rootDir: string): Firebaserc {
  const path = join(rootDir, '.firebaserc');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CommandError(`Cannot read ${path}: ${(err as Error).message}`, { cause: err });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new CommandError(`${path} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  const projects = (parsed as Firebaserc | null)?.projects;
  if (
    projects !== undefined &&
    (typeof projects !== 'object' ||
      projects === null ||
      Object.values(projects).some((id) => typeof id !== 'string'))
  ) {
    throw new CommandError(`${path}: "projects" must map aliases to project ids.`);
  }
  return { projects: projects ?? {} };
}

/** The --project option for node:util parseArgs. */
export const PROJECT_OPTION = { project: { type: 'string' } } as const;

/** The common --project / --bucket options for node:util parseArgs. */
export const TARGET_OPTIONS = {
  ...PROJECT_OPTION,
  bucket: { type: 'string' },
} as const;

export const TARGET_HELP = `  --project <alias|id>  act on this Firebase project: an alias from .firebaserc (e.g. production) or a
                        project id. Without it: the local emulators (npm start). demo-* ids always
                        mean the emulators; a real project is only ever used when named here.`;

export const BUCKET_HELP = `  --bucket <name>       the Storage bucket (default: <id>.firebasestorage.app, or FIREBASE_STORAGE_BUCKET
                        if it is one of the project's buckets; projects created before Nov 2024:
                        <id>.appspot.com)`;
