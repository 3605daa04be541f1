/**
 * What the local stack's Hosting emulator serves, made as close to a deploy as the emulator allows:
 *   - firebase.local.json: firebase.json with the emulators' origins added to the CSP (the pure part is shared with
 *     organiser:deploy: admin/hosting-config.ts);
 *   - the files: the Hosting emulator serves every file in `public`, while `firebase deploy` uploads only those
 *     its `ignore` globs leave (source maps, dot files). So the stack serves a copy of exactly the files a deploy
 *     would upload, listed by the same firebase-tools function the deploy uses (lib/listFiles.js).
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

import { withCspAdditions, type FirebaseJson } from '../../admin/hosting-config.ts';

/**
 * firebase.json as the local stack serves it: the production headers, with the emulators' origins
 * added to the CSP so the page may talk to them, and `public` pointing at the staged files when given.
 * Production never sees these origins.
 */
export function localFirebaseJson(
  base: FirebaseJson,
  emulatorOrigins: { auth: string; storage: string },
  publicDir?: string,
): FirebaseJson {
  const local = withCspAdditions(base, {
    'connect-src': [emulatorOrigins.auth, emulatorOrigins.storage],
    'frame-src': [emulatorOrigins.auth],
  });
  if (publicDir !== undefined) local.hosting.public = publicDir;
  return local;
}

/** The files `firebase deploy` would upload from publicDir: firebase-tools' own listing with Hosting's ignore. */
export function deployableFiles(publicDir: string, ignore: readonly string[] = []): string[] {
  const require = createRequire(import.meta.url);
  const modulePath = 'firebase-tools/lib/listFiles.js';
  const { listFiles } = require(modulePath) as {
    listFiles?: (cwd: string, ignore?: string[]) => string[];
  };
  if (typeof listFiles !== 'function') {
    throw new Error(`firebase-tools internals changed: ${modulePath} no longer exports listFiles.`);
  }
  return listFiles(publicDir, [...ignore]).sort();
}

/** Copies (hard-links where it can) the deployable files of publicDir into stageDir, emptied first. */
export function stageDeployableFiles(publicDir: string, ignore: readonly string[], stageDir: string): number {
  rmSync(stageDir, { recursive: true, force: true });
  const files = deployableFiles(publicDir, ignore);
  for (const file of files) {
    const target = join(stageDir, file);
    mkdirSync(dirname(target), { recursive: true });
    try {
      linkSync(join(publicDir, file), target);
    } catch {
      copyFileSync(join(publicDir, file), target);
    }
  }
  return files.length;
}

/**
 * Writes the local configuration beside firebase.json (paths in it are relative to its folder). With stageDir, also
 * stages the deployable files of its `public` folder there and serves those; returns how many files are served.
 */
export function writeLocalFirebaseJson(
  basePath: string,
  outPath: string,
  emulatorOrigins: { auth: string; storage: string },
  stageDir?: string,
): number | undefined {
  const base = JSON.parse(readFileSync(basePath, 'utf8')) as FirebaseJson;
  const root = dirname(resolve(basePath));
  let served: number | undefined;
  if (stageDir !== undefined) {
    served = stageDeployableFiles(
      resolve(root, base.hosting.public ?? 'public'),
      base.hosting.ignore ?? [],
      resolve(root, stageDir),
    );
  }
  const publicDir = stageDir === undefined ? undefined : relative(root, resolve(root, stageDir));
  writeFileSync(outPath, `${JSON.stringify(localFirebaseJson(base, emulatorOrigins, publicDir), null, 2)}\n`);
  return served;
}
