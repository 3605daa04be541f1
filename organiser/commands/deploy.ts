/**
 * npm run organiser:deploy -- --project <alias|id> [--dry-run]
 *
 * What it does is in HELP below (and the handbook, organiser/README.md).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadEnv } from 'vite';

import { parseEnv } from '../../src/config/env-schema.ts';
import { defaultBucketNames, defaultStorageBucket } from '../../src/config/firebase-project.ts';
import { defineCommand, runIfMain, type CommandContext } from '../core/cli.ts';
import { CommandError, EXIT_OK, UsageError } from '../core/errors.ts';
import {
  DEPLOY_CONFIG,
  authDomainOrigin,
  deployFirebaseJson,
  type FirebaseJson,
} from '../../admin/hosting-config.ts';
import { PROJECT_OPTION, isBucketOfProject, type Target } from '../core/target.ts';

const NAME = 'organiser:deploy';

/**
 * Where the real project's web app settings go: the one file the production build reads that a local build
 * (npm run dev) does not. Vite's production mode reads .env, .env.local, .env.production and this file.
 */
export const BUILD_ENV_FILE = '.env.production.local';

export const HELP = `Usage: npm run ${NAME} -- --project <alias|id> [--dry-run]

Builds the site with the project's settings (${BUILD_ENV_FILE}, see .env.example) and deploys Hosting
and storage.rules to the Firebase project:
  npm run build
  npx firebase deploy --config ${DEPLOY_CONFIG} --only hosting,storage --project <id> --non-interactive
${DEPLOY_CONFIG} is firebase.json with the build's auth domain (VITE_FIREBASE_AUTH_DOMAIN, by default
<id>.firebaseapp.com) added to the Content-Security-Policy's frame-src, written before the deploy.
Refuses when the build would use another project (VITE_FIREBASE_PROJECT_ID must be the target's id) or
lacks VITE_FIREBASE_STORAGE_BUCKET. Log in to the Firebase CLI once first: npx firebase login.

Options:
  --project <alias|id>  the Firebase project: an alias from .firebaserc (e.g. production) or a project id.
                        Required: the command never deploys to a default.
  --dry-run             run the checks, write ${DEPLOY_CONFIG} and print the commands, run nothing
  -h, --help            this help

Exit codes: 0 deployed; 1 the settings do not match the project, or the build or the deploy failed;
2 usage error (no --project, a demo- project, unknown option).`;

export interface Step {
  label: string;
  command: string;
  args: string[];
}

/** The commands a deploy runs, in order. */
export function deploySteps(projectId: string): Step[] {
  return [
    { label: 'Build', command: 'npm', args: ['run', 'build'] },
    {
      label: 'Deploy',
      command: 'npx',
      args: [
        'firebase',
        'deploy',
        '--config',
        DEPLOY_CONFIG,
        '--only',
        'hosting,storage',
        '--project',
        projectId,
        '--non-interactive',
      ],
    },
  ];
}

const NO_PROJECT =
  'Name the Firebase project to deploy to: --project <alias or id> (e.g. --project production). ' +
  'The deploy never uses a default project.';

/** Refuses what cannot be deployed: no project named, or the local demo project. */
export function assertDeployable(target: Target | undefined): asserts target is Target & { kind: 'project' } {
  if (!target) throw new UsageError(NO_PROJECT);
  if (target.kind === 'emulator') {
    throw new UsageError(
      `Nothing to deploy to: ${target.projectId} is the local demo project, and the local stack serves the build ` +
        'itself (npm start).',
    );
  }
}

/**
 * The VITE_* settings `npm run build` will use: .env, .env.local, .env.production, .env.production.local and
 * VITE_* environment variables (the environment wins), exactly as vite.config.ts reads them.
 */
export function loadBuildEnv(rootDir: string): Record<string, string> {
  return loadEnv('production', rootDir, 'VITE_');
}

/**
 * Why the build would not fit the target project (empty: it fits). `namedById`: --project named no alias of
 * .firebaserc (so "production" before the alias exists is a project id): the advice then says so first.
 */
export function buildSettingsProblems(
  projectId: string,
  buildEnv: Record<string, string>,
  { namedById = false }: { namedById?: boolean } = {},
): string[] {
  const builtFor = buildEnv.VITE_FIREBASE_PROJECT_ID?.trim() || undefined;
  if (builtFor !== projectId) {
    const byId = namedById
      ? `"${projectId}" is not an alias in .firebaserc, so it was taken as the project id. If you meant an ` +
        `alias, add it to .firebaserc ("projects": {"${projectId}": "<your project id>"}) and run again. If ` +
        `${projectId} really is the project id: `
      : '';
    const lead = byId ? `. ${byId}` : ': ';
    return [
      builtFor
        ? `The build would use the Firebase project "${builtFor}", not "${projectId}"${lead}set ` +
          `VITE_FIREBASE_PROJECT_ID=${projectId} (and that project's other web app settings) in ${BUILD_ENV_FILE}.`
        : `The build would use the demo project demo-reunion${lead}put ${projectId}'s web app settings ` +
          `(VITE_FIREBASE_PROJECT_ID=${projectId}, VITE_FIREBASE_API_KEY, ...; see .env.example) in ${BUILD_ENV_FILE}.`,
    ];
  }
  const problems: string[] = [];
  try {
    const { firebase } = parseEnv(buildEnv);
    authDomainOrigin(firebase.authDomain);
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  const bucket = buildEnv.VITE_FIREBASE_STORAGE_BUCKET?.trim();
  if (!bucket) {
    problems.push(
      `VITE_FIREBASE_STORAGE_BUCKET is not set: the site would look for the files in ${defaultStorageBucket(projectId)}. ` +
        'Set it to the bucket shown in the Firebase console (Project settings > Your apps > storageBucket).',
    );
  } else if (!isBucketOfProject(bucket, projectId)) {
    problems.push(
      `VITE_FIREBASE_STORAGE_BUCKET is ${bucket}, not a bucket of ${projectId} ` +
        `(${defaultBucketNames(projectId).join(' or ')}): the site would read the files from another project. ` +
        'Set it to the bucket shown in the Firebase console (Project settings > Your apps > storageBucket).',
    );
  }
  return problems;
}

/**
 * Writes firebase.deploy.json beside firebase.json (the deploy resolves `public` and `storage.rules` from its
 * folder): the build's auth domain in the CSP's frame-src. Returns the auth domain's origin.
 */
export function writeDeployConfig(rootDir: string, buildEnv: Record<string, string>): string {
  const { authDomain } = parseEnv(buildEnv).firebase;
  const base = JSON.parse(readFileSync(join(rootDir, 'firebase.json'), 'utf8')) as FirebaseJson;
  writeFileSync(
    join(rootDir, DEPLOY_CONFIG),
    `${JSON.stringify(deployFirebaseJson(base, { authDomain }), null, 2)}\n`,
  );
  return authDomainOrigin(authDomain);
}

/** Runs a command with the terminal attached; resolves its exit code. */
export function runStep(step: Step, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, {
      cwd,
      stdio: 'inherit',
      // npm and npx are .cmd scripts on Windows.
      shell: process.platform === 'win32',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export interface DeployDeps {
  loadBuildEnv(rootDir: string): Record<string, string>;
  runStep(step: Step, cwd: string): Promise<number>;
}

function deployCommand(deps: DeployDeps) {
  return defineCommand({
    name: NAME,
    help: HELP,
    options: { ...PROJECT_OPTION, 'dry-run': { type: 'boolean' } },
    describe: 'project',
    requireProject: NO_PROJECT,
    checkTarget: (target) => assertDeployable(target),
    async run({ ctx, values, target }) {
      assertDeployable(target);
      const buildEnv = deps.loadBuildEnv(ctx.rootDir);
      const problems = buildSettingsProblems(target.projectId, buildEnv, { namedById: !target.alias });
      if (problems.length) throw new CommandError(`Not deploying.\n  ${problems.join('\n  ')}`);
      ctx.io.out(`Build settings: VITE_FIREBASE_PROJECT_ID=${target.projectId}, as the target.`);
      const authOrigin = writeDeployConfig(ctx.rootDir, buildEnv);
      ctx.io.out(
        `Hosting settings: ${DEPLOY_CONFIG}, firebase.json with the project's auth domain ${authOrigin} in the ` +
          'Content-Security-Policy (frame-src).',
      );

      const steps = deploySteps(target.projectId);
      if (values['dry-run']) {
        ctx.io.out('Dry run: would run');
        for (const step of steps) ctx.io.out(`  ${step.command} ${step.args.join(' ')}`);
        return EXIT_OK;
      }
      for (const step of steps) {
        ctx.io.out(`${step.label}: ${step.command} ${step.args.join(' ')}`);
        const code = await deps.runStep(step, ctx.rootDir).catch((err: unknown) => {
          throw new CommandError(
            `${step.label}: cannot run ${step.command} (${err instanceof Error ? err.message : String(err)}).`,
            { cause: err },
          );
        });
        if (code !== 0) {
          throw new CommandError(
            `${step.label} failed (\`${step.command} ${step.args.join(' ')}\` exited with ${code}); see its output above.` +
              (step.label === 'Deploy' ? ' Not logged in? Run `npx firebase login` once.' : ''),
          );
        }
      }
      ctx.io.out(`Deployed Hosting and storage.rules to ${target.projectId}.`);
      return EXIT_OK;
    },
  });
}

export function main(
  argv: string[],
  overrides: Partial<CommandContext> = {},
  deps: DeployDeps = { loadBuildEnv, runStep },
): Promise<number> {
  return deployCommand(deps)(argv, overrides);
}

runIfMain(import.meta.url, main);
