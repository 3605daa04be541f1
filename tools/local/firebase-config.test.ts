import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { cspDirective, cspValues, type FirebaseJson } from '../../admin/hosting-config.ts';
import {
  deployableFiles,
  localFirebaseJson,
  stageDeployableFiles,
  writeLocalFirebaseJson,
} from './firebase-config';

const base = JSON.parse(readFileSync('firebase.json', 'utf8')) as FirebaseJson;
const origins = { auth: 'http://127.0.0.1:9099', storage: 'http://127.0.0.1:9199' };

describe('localFirebaseJson', () => {
  it("adds the emulators' origins to the CSP of firebase.json and changes nothing else", () => {
    const local = localFirebaseJson(base, origins);
    const [csp = ''] = cspValues(local);
    expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:9099 http:\/\/127\.0\.0\.1:9199/);
    expect(cspDirective(csp, 'frame-src')).toEqual([
      ...cspDirective(cspValues(base)[0]!, 'frame-src'),
      origins.auth,
    ]);
    expect(cspValues(base).join()).not.toContain('127.0.0.1');
    expect({ ...local, hosting: { ...local.hosting, headers: [] } }).toEqual({
      ...base,
      hosting: { ...base.hosting, headers: [] },
    });
  });

  it('serves the staged folder when given one', () => {
    expect(localFirebaseJson(base, origins, '.cache/hosting').hosting.public).toBe('.cache/hosting');
  });
});

describe('what the Hosting emulator serves: the files a deploy uploads', () => {
  const root = mkdtempSync(join(tmpdir(), 'hosting-stage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const dist = join(root, 'dist');
  for (const [file, text] of Object.entries({
    'index.html': '<!doctype html>',
    'assets/index-abc.js': 'console.log(1);\n',
    'assets/index-abc.js.map': '{"version":3}',
    'assets/style-def.css': 'body{}',
    'assets/style-def.css.map': '{"version":3}',
    '.vite/manifest.json': '{}',
    'nb/home.html': '<!doctype html>',
    'robots.txt': 'User-agent: *',
  })) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), text);
  }

  it("lists them with firebase-tools' own function and firebase.json's ignore: no maps, no dot files or folders", () => {
    expect(deployableFiles(dist, base.hosting.ignore)).toEqual([
      'assets/index-abc.js',
      'assets/style-def.css',
      'index.html',
      'nb/home.html',
      'robots.txt',
    ]);
    // Without the ignore, the maps would be deployed: the ignore is what keeps them out. ("**/.*" alone would
    // still deploy .vite/manifest.json: glob ignores a dot folder's files only with "**/.*/**".)
    expect(deployableFiles(dist)).toContain('assets/index-abc.js.map');
    expect(deployableFiles(dist, ['**/.*'])).toContain('.vite/manifest.json');
  });

  it('stages them (and nothing left from an earlier run), and points the local config at them', () => {
    const stage = join(root, 'stage');
    mkdirSync(join(stage, 'assets'), { recursive: true });
    writeFileSync(join(stage, 'assets', 'old-build.js.map'), '{}');
    expect(stageDeployableFiles(dist, base.hosting.ignore ?? [], stage)).toBe(5);
    expect(readdirSync(join(stage, 'assets')).sort()).toEqual(['index-abc.js', 'style-def.css']);
    expect(readFileSync(join(stage, 'index.html'), 'utf8')).toBe('<!doctype html>');

    writeFileSync(join(root, 'firebase.json'), JSON.stringify(base));
    const served = writeLocalFirebaseJson(
      join(root, 'firebase.json'),
      join(root, 'firebase.local.json'),
      origins,
      'stage',
    );
    expect(served).toBe(5);
    expect(JSON.parse(readFileSync(join(root, 'firebase.local.json'), 'utf8')).hosting.public).toBe('stage');
  });
});
