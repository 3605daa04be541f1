import { readFileSync } from 'node:fs';
import { fillResolved, missingResolved, packageName, tarballUrl, type LockEntry } from './lock-resolved.ts';

describe('the lockfile’s tarball addresses', () => {
  it('are written for every registry package, so npm ci fetches tarballs without asking for metadata first', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    expect(
      missingResolved(lock.packages),
      'packages without "resolved" in package-lock.json: run npm run lock:resolved',
    ).toEqual([]);
  });

  it('follow the registry’s layout, scoped, nested and aliased packages included', () => {
    expect(tarballUrl('react', '19.3.1')).toBe('https://registry.npmjs.org/react/-/react-19.3.1.tgz');
    expect(tarballUrl('@firebase/auth', '1.2.3')).toBe(
      'https://registry.npmjs.org/@firebase/auth/-/auth-1.2.3.tgz',
    );
    expect(packageName('node_modules/a/node_modules/@s/b', {})).toBe('@s/b');
    expect(packageName('node_modules/string-width-cjs', { name: 'string-width' })).toBe('string-width');
  });

  it('leave the project itself, linked folders and entries that have one alone', () => {
    const packages: Record<string, LockEntry> = {
      '': { name: 'reunion', version: '1.0.0' },
      'node_modules/linked': { link: true },
      'node_modules/kept': {
        version: '1.0.0',
        integrity: 'sha512-x',
        resolved: 'https://example.org/kept.tgz',
      },
      'node_modules/x/node_modules/y': { version: '2.0.0', integrity: 'sha512-y' },
    };
    expect(fillResolved(packages)).toBe(1);
    expect(packages['node_modules/kept']!.resolved).toBe('https://example.org/kept.tgz');
    expect(packages['node_modules/x/node_modules/y']!.resolved).toBe(
      'https://registry.npmjs.org/y/-/y-2.0.0.tgz',
    );
    expect(packages['']!.resolved).toBeUndefined();
  });
});
