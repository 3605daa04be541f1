/** organiser:deploy: its checks and the commands it would run. Nothing is built or deployed here. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { UsageError } from '../core/errors.ts';
import {
  assertDeployable,
  buildSettingsProblems,
  deploySteps,
  loadBuildEnv,
  main,
  type DeployDeps,
  type Step,
} from './deploy.ts';
import { resolveTarget } from '../core/target.ts';
import { captureIo, noConnection } from '../core/test-support.ts';

const root = mkdtempSync(join(tmpdir(), 'organiser-deploy-'));
writeFileSync(
  join(root, '.firebaserc'),
  JSON.stringify({ projects: { default: 'demo-reunion', production: 'my-reunion' } }),
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const GOOD_ENV = {
  VITE_FIREBASE_PROJECT_ID: 'my-reunion',
  VITE_FIREBASE_API_KEY: 'AIza-test-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'my-reunion.firebaseapp.com',
  VITE_FIREBASE_STORAGE_BUCKET: 'my-reunion.firebasestorage.app',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
};

function run(argv: string[], buildEnv: Record<string, string>, exitCodes: number[] = []) {
  const io = captureIo();
  const ran: Step[] = [];
  const deps: DeployDeps = {
    loadBuildEnv: () => buildEnv,
    runStep: (step) => {
      ran.push(step);
      return Promise.resolve(exitCodes[ran.length - 1] ?? 0);
    },
  };
  const code = main(argv, { env: {}, io, rootDir: root, connect: noConnection }, deps);
  return { code, io, ran };
}

describe('deploySteps', () => {
  it('builds, then deploys hosting and the storage rules to the named project, non-interactively', () => {
    expect(deploySteps('my-reunion')).toEqual([
      { label: 'Build', command: 'npm', args: ['run', 'build'] },
      {
        label: 'Deploy',
        command: 'npx',
        args: [
          'firebase',
          'deploy',
          '--only',
          'hosting,storage',
          '--project',
          'my-reunion',
          '--non-interactive',
        ],
      },
    ]);
  });
});

describe('assertDeployable', () => {
  it('refuses no project and demo projects', () => {
    expect(() => assertDeployable(undefined)).toThrow(UsageError);
    const demo = resolveTarget({ project: 'demo-reunion' }, { env: {}, firebaserc: {} });
    expect(() => assertDeployable(demo)).toThrow(
      'Nothing to deploy to: demo-reunion is the local demo project, and the local stack serves the build itself',
    );
    const real = resolveTarget({ project: 'my-reunion' }, { env: {}, firebaserc: {} });
    expect(() => assertDeployable(real)).not.toThrow();
  });
});

describe('buildSettingsProblems', () => {
  it('none when the build is for the target project', () => {
    expect(buildSettingsProblems('my-reunion', GOOD_ENV)).toEqual([]);
  });

  it('refuses a build for the demo project or another project', () => {
    expect(buildSettingsProblems('my-reunion', {})).toEqual([
      expect.stringMatching(
        /^The build would use the demo project demo-reunion: put my-reunion's web app settings/,
      ),
    ]);
    expect(
      buildSettingsProblems('my-reunion', { ...GOOD_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-reunion' }),
    ).toEqual([
      expect.stringMatching(/"demo-reunion", not "my-reunion": set VITE_FIREBASE_PROJECT_ID=my-reunion/),
    ]);
    expect(
      buildSettingsProblems('my-reunion', { ...GOOD_ENV, VITE_FIREBASE_PROJECT_ID: 'other-reunion' }),
    ).toHaveLength(1);
  });

  it("refuses a bucket that is not the project's", () => {
    expect(
      buildSettingsProblems('my-reunion', {
        ...GOOD_ENV,
        VITE_FIREBASE_STORAGE_BUCKET: 'other-reunion.firebasestorage.app',
      }),
    ).toEqual([
      expect.stringMatching(
        /^VITE_FIREBASE_STORAGE_BUCKET is other-reunion\.firebasestorage\.app, not a bucket of my-reunion \(my-reunion\.firebasestorage\.app or my-reunion\.appspot\.com\)/,
      ),
    ]);
    expect(
      buildSettingsProblems('my-reunion', {
        ...GOOD_ENV,
        VITE_FIREBASE_STORAGE_BUCKET: 'my-reunion.appspot.com',
      }),
    ).toEqual([]);
  });

  it('refuses settings the build would reject, and a missing storage bucket', () => {
    const partial: Record<string, string> = { ...GOOD_ENV };
    delete partial.VITE_FIREBASE_API_KEY;
    delete partial.VITE_FIREBASE_STORAGE_BUCKET;
    expect(buildSettingsProblems('my-reunion', partial)).toEqual([
      expect.stringContaining('VITE_FIREBASE_API_KEY is required for my-reunion'),
      expect.stringContaining('VITE_FIREBASE_STORAGE_BUCKET is not set'),
    ]);
    expect(buildSettingsProblems('my-reunion', { ...GOOD_ENV, VITE_SITE_URL: 'not a url' })).toEqual([
      expect.stringContaining('VITE_SITE_URL'),
    ]);
  });
});

describe('loadBuildEnv', () => {
  it('reads .env.production.local like the build does (and ignores .env.development)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'organiser-env-'));
    try {
      writeFileSync(
        join(dir, '.env'),
        'VITE_CONTACT_EMAIL=base@example.org\nVITE_FIREBASE_PROJECT_ID=demo-reunion\n',
      );
      writeFileSync(join(dir, '.env.development'), 'VITE_FIREBASE_APP_ID=dev-only\n');
      writeFileSync(
        join(dir, '.env.production.local'),
        'VITE_FIREBASE_PROJECT_ID=my-reunion\nOTHER=secret\n',
      );
      const env = loadBuildEnv(dir);
      expect(env.VITE_FIREBASE_PROJECT_ID).toBe(process.env.VITE_FIREBASE_PROJECT_ID ?? 'my-reunion');
      expect(env.VITE_CONTACT_EMAIL).toBe(process.env.VITE_CONTACT_EMAIL ?? 'base@example.org');
      expect(env.VITE_FIREBASE_APP_ID).toBe(process.env.VITE_FIREBASE_APP_ID);
      expect(env).not.toHaveProperty('OTHER');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('organiser:deploy main (commands recorded, not run)', () => {
  it('--project production: build, then deploy to my-reunion', async () => {
    const { code, io, ran } = run(['--project', 'production'], GOOD_ENV);
    expect(await code, io.text()).toBe(0);
    expect(ran).toEqual(deploySteps('my-reunion'));
    expect(io.stdout[0]).toBe('Target: Firebase project my-reunion (alias production)');
    expect(io.stdout.at(-1)).toBe('Deployed Hosting and storage.rules to my-reunion.');
  });

  it('refuses without --project, and for a demo project (exit 2, nothing run)', async () => {
    for (const argv of [[], ['--project', 'default'], ['--project', 'demo-reunion']]) {
      const { code, io, ran } = run(argv, GOOD_ENV);
      expect(await code, argv.join(' ')).toBe(2);
      expect(ran).toEqual([]);
      expect(io.stderr[0]).toMatch(
        argv.length ? /Nothing to deploy to/ : /Name the Firebase project to deploy to/,
      );
    }
  });

  it('refuses a build for another project (exit 1, nothing run)', async () => {
    const { code, io, ran } = run(['--project', 'production'], { VITE_FIREBASE_PROJECT_ID: 'demo-reunion' });
    expect(await code).toBe(1);
    expect(ran).toEqual([]);
    expect(io.stderr.join('\n')).toMatch(
      /^organiser:deploy failed: Not deploying\.\n {2}The build would use/,
    );
  });

  it('stops after a failed build (exit 1, no deploy)', async () => {
    const { code, io, ran } = run(['--project', 'production'], GOOD_ENV, [2]);
    expect(await code).toBe(1);
    expect(ran.map((step) => step.label)).toEqual(['Build']);
    expect(io.stderr[0]).toMatch(/Build failed \(`npm run build` exited with 2\)/);
  });

  it('a failed deploy exits 1', async () => {
    const { code, io } = run(['--project', 'production'], GOOD_ENV, [0, 1]);
    expect(await code).toBe(1);
    expect(io.stderr[0]).toMatch(/Deploy failed .* Not logged in\? Run `npx firebase login` once\./);
  });

  it('--dry-run checks and prints the commands, runs nothing', async () => {
    const { code, io, ran } = run(['--project', 'my-reunion', '--dry-run'], GOOD_ENV);
    expect(await code).toBe(0);
    expect(ran).toEqual([]);
    expect(io.stdout).toContain(
      '  npx firebase deploy --only hosting,storage --project my-reunion --non-interactive',
    );
  });

  it('--help exits 0; an unknown option exits 2', async () => {
    const help = run(['--help'], GOOD_ENV);
    expect(await help.code).toBe(0);
    expect(help.io.stdout[0]).toMatch(/^Usage: npm run organiser:deploy -- --project <alias\|id>/);
    const bad = run(['--project', 'production', '--force'], GOOD_ENV);
    expect(await bad.code).toBe(2);
  });
});
