/**
 * One copy of each Firebase package in the install: two copies of @firebase/auth (one for the modular SDK, one for
 * the compat SDK that FirebaseUI needs) would put a second Auth into the login page's code, and two Auth instances
 * would not share the signed-in user. npm dedupes them while firebase and @firebase/auth-compat pin the same
 * version; this fails the day they do not, pointing at the fix (a matching direct dependency or an override).
 */
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, unknown> };

it('installs one copy of each @firebase package', () => {
  const copies = new Map<string, string[]>();
  for (const path of Object.keys(lock.packages)) {
    const name = path.match(/(?:^|\/)node_modules\/(@firebase\/[^/]+)$/)?.[1];
    if (name) copies.set(name, [...(copies.get(name) ?? []), path]);
  }
  expect(copies.get('@firebase/auth')).toEqual(['node_modules/@firebase/auth']);
  const duplicated = [...copies].filter(([, paths]) => paths.length > 1);
  expect(duplicated).toEqual([]);
});
