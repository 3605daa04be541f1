/**
 * npm run lock:resolved: writes into package-lock.json the registry address of every package's tarball (the
 * `resolved` field) where it is missing. Without those addresses `npm ci` first asks the registry for the metadata
 * of each of the 1,400 packages to find its tarball, which makes it several times slower. An npm configured with `omit-lockfile-registry-resolved=true` leaves them out of what
 * `npm install` writes; `lock-resolved.test.ts` then fails and names this command.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export const REGISTRY = 'https://registry.npmjs.org';

export interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
}

/** The tarball address of a registry package: `<registry>/<name>/-/<name without scope>-<version>.tgz`. */
export function tarballUrl(name: string, version: string): string {
  const base = name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
  return `${REGISTRY}/${name}/-/${base}-${version}.tgz`;
}

/** The package a lockfile path names: `node_modules/a/node_modules/@s/b` is `@s/b` (an alias keeps `name`). */
export function packageName(path: string, entry: LockEntry): string {
  return entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** The lockfile's registry packages (installed from a tarball with a checksum) that have no `resolved`. */
export function missingResolved(packages: Record<string, LockEntry>): string[] {
  return Object.entries(packages)
    .filter(([path, entry]) => path && !entry.link && entry.integrity && entry.version && !entry.resolved)
    .map(([path]) => path);
}

/** Fills in the missing addresses; returns how many. */
export function fillResolved(packages: Record<string, LockEntry>): number {
  const missing = missingResolved(packages);
  for (const path of missing) {
    const entry = packages[path]!;
    entry.resolved = tarballUrl(packageName(path, entry), entry.version!);
  }
  return missing.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  const filled = fillResolved(lock.packages);
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: ${filled} tarball addresses written`);
}
