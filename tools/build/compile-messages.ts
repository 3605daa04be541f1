/**
 * The messages compiled again only when what they compile from has changed. Paraglide's compiler loads the whole
 * inlang project each time (4 s and 6 CPU-seconds here) even when its output would be the same, and a fresh clone ran
 * it three times before its tests: npm ci's postinstall, npm test's first stage and the build. A stamp in the output
 * folder holds a hash of the inputs and one of the output; it is removed before a compile and written after one
 * succeeds, so an interrupted compile, an edited or missing output file, or any changed input compiles again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@inlang/paraglide-js';
import { filesUnder } from './build-stamp.ts';
import { PARAGLIDE_OPTIONS } from './paraglide.ts';

/**
 * What the output depends on besides the options: the messages, the project's settings, the options' source, and
 * package-lock.json for the compiler's and the message format plugin's versions.
 */
const INPUTS = ['messages', 'project.inlang/settings.json', 'tools/build/paraglide.ts', 'package-lock.json'];
const STAMP = '.compiled-from.json';

interface Stamp {
  inputs: string;
  output: string;
}

/** One hash of the files' paths and contents. */
function hashOf(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

function inputsHash(root: string): string {
  const files = INPUTS.flatMap((path) => filesUnder(root, path)).sort();
  return createHash('sha256')
    .update(JSON.stringify(PARAGLIDE_OPTIONS))
    .update(hashOf(root, files))
    .digest('hex');
}

function outputHash(root: string, outdir: string): string {
  return hashOf(
    root,
    filesUnder(root, outdir)
      .filter((file) => !file.endsWith(`/${STAMP}`))
      .sort(),
  );
}

function readStamp(path: string): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/**
 * Compiles the messages into PARAGLIDE_OPTIONS.outdir (under `root`) unless the output there was compiled from the
 * inputs as they are now; `compileWith` is Paraglide's compiler (a test's stand-in).
 */
export async function compileMessages(
  root = '.',
  compileWith: typeof compile = compile,
): Promise<'compiled' | 'unchanged'> {
  const outdir = PARAGLIDE_OPTIONS.outdir.replace(/^\.\//, '');
  const stampPath = join(root, outdir, STAMP);
  const inputs = inputsHash(root);
  const stamp = readStamp(stampPath);
  if (stamp?.inputs === inputs && stamp.output === outputHash(root, outdir)) return 'unchanged';
  rmSync(stampPath, { force: true });
  await compileWith({
    ...PARAGLIDE_OPTIONS,
    project: join(root, PARAGLIDE_OPTIONS.project),
    outdir: join(root, outdir),
  });
  const written: Stamp = { inputs, output: outputHash(root, outdir) };
  writeFileSync(stampPath, `${JSON.stringify(written)}\n`);
  return 'compiled';
}
