/**
 * What `npm run build` made, and from what: the build's last step writes a stamp into dist/.vite/ (never deployed:
 * Hosting ignores dot folders) with a hash of every file the build reads and the VITE_* settings it saw. Before the browser tests
 * serve dist/ without building (E2E_SKIP_BUILD=1), and before `npm run size` measures it, buildProblems() says
 * whether dist/ is a development build (React's development code is 150 KB where production's is 60) or stale
 * (sources changed since it was built), so neither is ever tested, measured or left behind unnoticed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The files and folders a build reads (besides node_modules, which package-lock.json stands for). */
const INPUTS = [
  'src',
  'messages',
  'public',
  'content',
  'index.html',
  'vite.config.ts',
  'tools/build',
  'package-lock.json',
  'project.inlang/settings.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
/**
 * Not read by the build: generated from messages/ (itself an input), the tests, and the tools of tools/build that
 * read a build rather than make one (budgets, checks, this stamp, the image maker).
 */
const IGNORED =
  /(^src\/paraglide\/|\.test\.tsx?$|^src\/test\/|^src\/testing\/|^tools\/build\/(size|render-blocking-css|check-html|check-build|build-stamp|make-images)\.ts$)/;

const STAMP = 'dist/.vite/build-stamp.json';

interface BuildStamp {
  /** VITE_* settings from the environment (the .env files are among the inputs). */
  viteEnv: Record<string, string>;
  /** SHA-256 of each input file, by path. */
  inputs: Record<string, string>;
}

/** The files under `path` (a file or a folder, relative to root), as paths relative to root with / separators. */
export function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

function currentInputs(root: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const file of INPUTS.flatMap((path) => filesUnder(root, path)).sort()) {
    if (!IGNORED.test(file))
      inputs[file] = createHash('sha256')
        .update(readFileSync(join(root, file)))
        .digest('hex');
  }
  return inputs;
}

function viteEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env)
      .filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Called by the last step of `npm run build`. */
export function writeBuildStamp(root = '.'): void {
  const stamp: BuildStamp = { viteEnv: viteEnv(), inputs: currentInputs(root) };
  writeFileSync(join(root, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** React's development build in a bundle: its jsxDEV runtime or react-dom's development client. */
const DEVELOPMENT_REACT = /\bjsxDEV\b|react-dom-client\.development/;

/** What is wrong with dist/ as something to test or measure; empty when it is a current production build. */
export function buildProblems(root = '.'): string[] {
  if (!existsSync(join(root, STAMP))) return ['dist/ has no build stamp: run `npm run build`.'];
  const stamp = JSON.parse(readFileSync(join(root, STAMP), 'utf8')) as BuildStamp;
  const problems: string[] = [];
  const development = filesUnder(root, 'dist/assets').filter(
    (file) => file.endsWith('.js') && DEVELOPMENT_REACT.test(readFileSync(join(root, file), 'utf8')),
  );
  if (development.length) {
    problems.push(
      `dist/ is a development build (React's development code in ${development.join(', ')}): run \`npm run build\`.`,
    );
  }
  const now = currentInputs(root);
  const changed = [...new Set([...Object.keys(now), ...Object.keys(stamp.inputs)])].filter(
    (file) => now[file] !== stamp.inputs[file],
  );
  if (changed.length) {
    const shown =
      changed.slice(0, 5).join(', ') + (changed.length > 5 ? `, and ${changed.length - 5} more` : '');
    problems.push(`dist/ is stale: ${shown} changed since it was built. Run \`npm run build\`.`);
  }
  if (JSON.stringify(viteEnv()) !== JSON.stringify(stamp.viteEnv)) {
    problems.push(
      'dist/ was built with other VITE_* settings than this environment has: run `npm run build`.',
    );
  }
  return problems;
}
