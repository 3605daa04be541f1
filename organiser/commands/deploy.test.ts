/** organiser:deploy: its checks and the commands it would run. Nothing is built or deployed here. */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../core/cli.ts';
import { UsageError } from '../core/errors.ts';
import { cspDirective, cspValues, type FirebaseJson } from '../../admin/hosting-config.ts';
import {
  BUILD_ENV_FILE,
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
copyFileSync(join(REPO_ROOT, 'firebase.json'), join(root, 'firebase.json'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The frame-src of the configuration the deploy hands to `firebase deploy --config`. */
function deployedFrameSrc(): string[] {
  const json = JSON.parse(readFileSync(join(root, 'firebase.deploy.json'), 'utf8')) as FirebaseJson;
  return cspDirective(cspValues(json)[0] ?? '', 'frame-src');
}

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
          '--config',
          'firebase.deploy.json',
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

  it('a name that is no alias: says it was taken as a project id, before the settings advice', () => {
    expect(buildSettingsProblems('production', GOOD_ENV, { namedById: true })).toEqual([
      'The build would use the Firebase project "my-reunion", not "production". "production" is not an alias in ' +
        '.firebaserc, so it was taken as the project id. If you meant an alias, add it to .firebaserc ("projects": ' +
        '{"production": "<your project id>"}) and run again. If production really is the project id: set ' +
        "VITE_FIREBASE_PROJECT_ID=production (and that project's other web app settings) in .env.production.local.",
    ]);
    expect(buildSettingsProblems('production', {}, { namedById: true })[0]).toMatch(
      /^The build would use the demo project demo-reunion\. "production" is not an alias in \.firebaserc/,
    );
  });

  it('refuses an auth domain that is not a host name (it goes into the CSP)', () => {
    expect(
      buildSettingsProblems('my-reunion', {
        ...GOOD_ENV,
        VITE_FIREBASE_AUTH_DOMAIN: 'https://*.firebaseapp.com',
      }),
    ).toEqual([
      expect.stringMatching(/^The auth domain "https:\/\/\*\.firebaseapp\.com" is not a host name/),
    ]);
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
  it('--project production: build, then deploy to my-reunion, framing only its own auth domain', async () => {
    const { code, io, ran } = run(['--project', 'production'], GOOD_ENV);
    expect(await code, io.text()).toBe(0);
    expect(ran).toEqual(deploySteps('my-reunion'));
    expect(io.stdout[0]).toBe('Target: Firebase project my-reunion (alias production)');
    expect(io.stdout).toContain(
      "Hosting settings: firebase.deploy.json, firebase.json with the project's auth domain " +
        'https://my-reunion.firebaseapp.com in the Content-Security-Policy (frame-src).',
    );
    expect(deployedFrameSrc()).toEqual(['https://www.google.com', 'https://my-reunion.firebaseapp.com']);
    expect(io.stdout.at(-1)).toBe('Deployed Hosting and storage.rules to my-reunion.');
  });

  it("a deploy for another project carries that project's domain (the default <id>.firebaseapp.com too)", async () => {
    const other = {
      ...GOOD_ENV,
      VITE_FIREBASE_PROJECT_ID: 'other-reunion',
      VITE_FIREBASE_AUTH_DOMAIN: '',
      VITE_FIREBASE_STORAGE_BUCKET: 'other-reunion.appspot.com',
    };
    const { code, io, ran } = run(['--project', 'other-reunion'], other);
    expect(await code, io.text()).toBe(0);
    expect(ran).toEqual(deploySteps('other-reunion'));
    expect(deployedFrameSrc()).toEqual(['https://www.google.com', 'https://other-reunion.firebaseapp.com']);
  });

  it('--project production before the alias exists: taken as an id, and both the note and the refusal say so', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'organiser-deploy-bare-'));
    try {
      writeFileSync(join(bare, '.firebaserc'), JSON.stringify({ projects: { default: 'demo-reunion' } }));
      const io = captureIo();
      const deps: DeployDeps = { loadBuildEnv: () => GOOD_ENV, runStep: () => Promise.resolve(0) };
      expect(
        await main(['--project', 'production'], { env: {}, io, rootDir: bare, connect: noConnection }, deps),
      ).toBe(1);
      expect(io.stdout).toEqual([
        'Target: Firebase project production (a project id, not an alias from .firebaserc)',
        expect.stringMatching(
          /^Note: "production" is not an alias in \.firebaserc \(its aliases: default \(demo-reunion\)\)/,
        ),
      ]);
      expect(io.stderr[0]).toContain(
        '"production" is not an alias in .firebaserc, so it was taken as the project id.',
      );
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
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
      '  npx firebase deploy --config firebase.deploy.json --only hosting,storage --project my-reunion --non-interactive',
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

describe('one file for the real settings', () => {
  it(`.env.example and the handbook name ${BUILD_ENV_FILE}, which the production build reads and npm run dev does not`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'organiser-env-file-'));
    try {
      writeFileSync(join(dir, BUILD_ENV_FILE), 'VITE_CONTACT_EMAIL=real@example.org\n');
      expect(loadEnv('production', dir, 'VITE_').VITE_CONTACT_EMAIL).toBe(
        process.env.VITE_CONTACT_EMAIL ?? 'real@example.org',
      );
      expect(loadEnv('development', dir, 'VITE_').VITE_CONTACT_EMAIL).toBe(process.env.VITE_CONTACT_EMAIL);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const file of ['.env.example', 'organiser/README.md']) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      expect(text, file).toContain(BUILD_ENV_FILE);
      // No other .env file is offered for the real settings.
      const named = text.match(/\.env\.[a-z.]*local\b/g) ?? [];
      expect(
        named.filter((name) => name !== BUILD_ENV_FILE),
        file,
      ).toEqual([]);
    }
  });
});
