import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { AUTH_URL, PROJECT_ID, STORAGE_URL } from '../../tools/local/config.ts';
import { REPO_ROOT } from './cli.ts';
import { CommandError, UsageError } from './errors.ts';
import { describeTarget, projectIdNote, readFirebaserc, resolveTarget, type Firebaserc } from './target.ts';

const firebaserc: Firebaserc = {
  projects: { default: 'demo-reunion', production: 'my-reunion', staging: 'demo-staging' },
};
/** Everything that must never choose a real project by itself. */
const leakyEnv = {
  GCLOUD_PROJECT: 'leaky-project',
  GOOGLE_CLOUD_PROJECT: 'leaky-project',
  FIREBASE_PROJECT: 'leaky-project',
  VITE_FIREBASE_PROJECT_ID: 'leaky-project',
};

describe('resolveTarget', () => {
  it('without --project: the local emulators with the demo project', () => {
    expect(resolveTarget({}, { env: {}, firebaserc })).toEqual({
      kind: 'emulator',
      projectId: PROJECT_ID,
      bucket: `${PROJECT_ID}.firebasestorage.app`,
      storageUrl: STORAGE_URL,
      authUrl: AUTH_URL,
    });
  });

  it('never takes a real project from the environment or from .firebaserc default', () => {
    const target = resolveTarget(
      {},
      {
        env: { ...leakyEnv, FIREBASE_STORAGE_BUCKET: 'leaky-bucket' },
        firebaserc: { projects: { default: 'real-default-project' } },
      },
    );
    expect(target.kind).toBe('emulator');
    expect(target.projectId).toBe(PROJECT_ID);
    expect(target.bucket).toBe(`${PROJECT_ID}.firebasestorage.app`);
  });

  it('emulator URLs come from STORAGE_EMULATOR_URL / AUTH_EMULATOR_URL when set', () => {
    const target = resolveTarget(
      {},
      {
        env: { STORAGE_EMULATOR_URL: 'http://127.0.0.1:40001/', AUTH_EMULATOR_URL: 'http://[::1]:40002' },
        firebaserc,
      },
    );
    expect(target).toMatchObject({ storageUrl: 'http://127.0.0.1:40001', authUrl: 'http://[::1]:40002' });
    expect(() => resolveTarget({}, { env: { STORAGE_EMULATOR_URL: '127.0.0.1:9199' }, firebaserc })).toThrow(
      UsageError,
    );
  });

  it('--project <alias>: resolved through .firebaserc', () => {
    expect(resolveTarget({ project: 'production' }, { env: leakyEnv, firebaserc })).toEqual({
      kind: 'project',
      projectId: 'my-reunion',
      alias: 'production',
      bucket: 'my-reunion.firebasestorage.app',
    });
  });

  it('--project <id>: used as the project id', () => {
    expect(resolveTarget({ project: 'other-reunion' }, { env: {}, firebaserc })).toEqual({
      kind: 'project',
      projectId: 'other-reunion',
      bucket: 'other-reunion.firebasestorage.app',
    });
  });

  it('a demo- project, by alias or id, means the emulators', () => {
    expect(resolveTarget({ project: 'staging' }, { env: {}, firebaserc })).toMatchObject({
      kind: 'emulator',
      projectId: 'demo-staging',
      alias: 'staging',
      bucket: 'demo-staging.firebasestorage.app',
    });
    expect(resolveTarget({ project: 'demo-reunion' }, { env: {}, firebaserc })).toMatchObject({
      kind: 'emulator',
      projectId: 'demo-reunion',
      storageUrl: STORAGE_URL,
    });
    expect(resolveTarget({ project: 'default' }, { env: {}, firebaserc }).kind).toBe('emulator');
  });

  it('bucket: --bucket, then FIREBASE_STORAGE_BUCKET (real projects only), then the default', () => {
    const env = { FIREBASE_STORAGE_BUCKET: 'my-reunion.appspot.com' };
    expect(resolveTarget({ project: 'production' }, { env, firebaserc }).bucket).toBe(
      'my-reunion.appspot.com',
    );
    expect(
      resolveTarget(
        { project: 'production', bucket: 'gs://my-reunion.firebasestorage.app' },
        { env, firebaserc },
      ).bucket,
    ).toBe('my-reunion.firebasestorage.app');
    // The local emulators take any bucket (the tests give each their own).
    expect(resolveTarget({ bucket: 'test-bucket' }, { env, firebaserc }).bucket).toBe('test-bucket');
    expect(() => resolveTarget({ bucket: 'Not A Bucket' }, { env: {}, firebaserc })).toThrow(UsageError);
  });

  it("a bucket named by --bucket or FIREBASE_STORAGE_BUCKET must be one of the --project's own", () => {
    const env = { FIREBASE_STORAGE_BUCKET: 'other-reunion.firebasestorage.app' };
    expect(() => resolveTarget({ project: 'production' }, { env, firebaserc })).toThrow(
      'FIREBASE_STORAGE_BUCKET is other-reunion.firebasestorage.app, which is not a bucket of the project ' +
        'my-reunion (my-reunion.firebasestorage.app or my-reunion.appspot.com). Unset it, or pass --bucket.',
    );
    expect(() => resolveTarget({ project: 'production' }, { env, firebaserc })).toThrow(UsageError);
    for (const bucket of [
      'other-reunion.firebasestorage.app',
      'gs://special-bucket',
      'my-reunion.appspot.co',
    ]) {
      expect(() => resolveTarget({ project: 'production', bucket }, { env: {}, firebaserc })).toThrow(
        `--bucket is ${bucket.replace('gs://', '')}, which is not a bucket of the project my-reunion ` +
          '(my-reunion.firebasestorage.app or my-reunion.appspot.com). Check the name, or the --project.',
      );
    }
    for (const bucket of ['my-reunion.firebasestorage.app', 'gs://my-reunion.appspot.com']) {
      expect(
        resolveTarget({ project: 'production' }, { env: { FIREBASE_STORAGE_BUCKET: bucket }, firebaserc })
          .bucket,
      ).toBe(bucket.replace('gs://', ''));
    }
    // The emulators ignore it: their bucket is the demo project's.
    expect(resolveTarget({}, { env, firebaserc }).bucket).toBe(`${PROJECT_ID}.firebasestorage.app`);
  });

  it('refuses names that are neither an alias nor a project id', () => {
    expect(() => resolveTarget({ project: '' }, { env: {}, firebaserc })).toThrow(UsageError);
    expect(() => resolveTarget({ project: 'Production' }, { env: {}, firebaserc })).toThrow(
      /neither an alias in \.firebaserc \(default, production, staging\) nor a Firebase project id/,
    );
    expect(() =>
      resolveTarget({ project: 'bad' }, { env: {}, firebaserc: { projects: { bad: 'X Y' } } }),
    ).toThrow(/maps the alias "bad" to "X Y"/);
  });
});

describe('describeTarget', () => {
  it('says where the command acts', () => {
    const local = resolveTarget({}, { env: {}, firebaserc });
    expect(describeTarget(local)).toBe(
      `Target: local emulators (${PROJECT_ID}), bucket gs://${PROJECT_ID}.firebasestorage.app at ${STORAGE_URL}`,
    );
    expect(describeTarget(local, 'project')).toBe(`Target: local emulators (${PROJECT_ID})`);
    expect(describeTarget(local, 'auth')).toBe(
      `Target: local emulators (${PROJECT_ID}), Auth emulator at ${AUTH_URL}`,
    );
    const real = resolveTarget({ project: 'production' }, { env: {}, firebaserc });
    expect(describeTarget(real)).toBe(
      'Target: Firebase project my-reunion (alias production), bucket gs://my-reunion.firebasestorage.app',
    );
    expect(describeTarget(real, 'project')).toBe('Target: Firebase project my-reunion (alias production)');
    const byId = resolveTarget({ project: 'prodution' }, { env: {}, firebaserc });
    expect(describeTarget(byId, 'project')).toBe(
      'Target: Firebase project prodution (a project id, not an alias from .firebaserc)',
    );
  });
});

describe('projectIdNote', () => {
  const note = (project: string | undefined, rc: Firebaserc = firebaserc) =>
    projectIdNote(resolveTarget({ project }, { env: {}, firebaserc: rc }), rc);

  it('a mistyped alias: taken as a project id, said so, with the aliases and the nearest one', () => {
    expect(note('prodution')).toBe(
      'Note: "prodution" is not an alias in .firebaserc (its aliases: default (demo-reunion), production ' +
        '(my-reunion), staging (demo-staging)), so it is taken as a Firebase project id. Did you mean --project ' +
        'production? To give the project an alias, add "<alias>": "<project id>" under "projects" in .firebaserc.',
    );
  });

  it('"production" before the alias exists: taken as a project id, said so', () => {
    expect(note('production', { projects: { default: 'demo-reunion' } })).toMatch(
      /^Note: "production" is not an alias in \.firebaserc \(its aliases: default \(demo-reunion\)\), so it is taken as a Firebase project id\. To give/,
    );
    expect(note('production', {})).toMatch(/not an alias in \.firebaserc \(it has none\)/);
  });

  it('nothing for an alias, the emulators or a demo project', () => {
    expect(note('production')).toBeUndefined();
    expect(note(undefined)).toBeUndefined();
    expect(note('demo-other')).toBeUndefined();
  });
});

describe('readFirebaserc', () => {
  const dir = mkdtempSync(join(tmpdir(), 'organiser-firebaserc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the aliases; no file means no aliases; broken JSON is a clear error', () => {
    expect(readFirebaserc(dir)).toEqual({});
    writeFileSync(join(dir, '.firebaserc'), JSON.stringify({ projects: { production: 'my-reunion' } }));
    expect(readFirebaserc(dir)).toEqual({ projects: { production: 'my-reunion' } });
    writeFileSync(join(dir, '.firebaserc'), '{ "projects": ');
    expect(() => readFirebaserc(dir)).toThrow(CommandError);
    writeFileSync(join(dir, '.firebaserc'), JSON.stringify({ projects: { production: 7 } }));
    expect(() => readFirebaserc(dir)).toThrow(/must map aliases to project ids/);
  });

  it("the repository's .firebaserc has the demo project as default", () => {
    expect(readFirebaserc(REPO_ROOT).projects?.default).toBe('demo-reunion');
  });
});
