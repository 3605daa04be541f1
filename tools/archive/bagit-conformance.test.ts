/**
 * The validator over the Library of Congress' BagIt conformance suite
 * (https://github.com/LibraryOfCongress/bagit-conformance-suite), the reference DESIGN.md names. Its files may not
 * be committed here, so these tests run over a checkout named by BAGIT_CONFORMANCE_SUITE and are skipped, saying
 * so, without one:
 *
 *   git clone https://github.com/LibraryOfCongress/bagit-conformance-suite /tmp/bagit-conformance-suite
 *   BAGIT_CONFORMANCE_SUITE=/tmp/bagit-conformance-suite npx vitest run --project node tools/archive/bagit-conformance.test.ts
 *
 * The suite (its README): a folder per BagIt version, each with valid/ (bags that must pass), invalid/ (bags that
 * must fail), <system>-only/ (bags invalid on that system: paths like /tmp/foo, ~/foo, C:\..., \\?\UNC\...) and
 * warning/ (bags valid but worth a warning). Judged here: the versions the validator knows, 1.0 and 0.97.
 * Every *-only/ bag is expected rejected on every system, since the validator refuses any of those paths anywhere.
 * warning/ bags (in v0.97 only) are listed as skipped, not judged: the validator gives a verdict, not warnings,
 * and the suite does not say which verdict such a bag should get.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { validateBag } from './bagit-validate.ts';

const SUITE = process.env.BAGIT_CONFORMANCE_SUITE;
const VERSIONS = ['v1.0', 'v0.97'];

/** The bag folders of one category of one version, by name. */
function bagsIn(version: string, category: string): string[] {
  const folder = join(SUITE!, version, category);
  return readdirSync(folder)
    .filter((name) => statSync(join(folder, name)).isDirectory())
    .sort();
}

/** The categories of one version in the suite: valid, invalid, then the *-only ones and warning. */
function categoriesOf(version: string): string[] {
  const rank = (name: string) => ['valid', 'invalid'].indexOf(name) >>> 0;
  return readdirSync(join(SUITE!, version))
    .filter((name) => statSync(join(SUITE!, version, name)).isDirectory())
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

if (SUITE) {
  describe('the Library of Congress BagIt conformance suite', suiteTests);
} else {
  const why = 'BAGIT_CONFORMANCE_SUITE names no checkout of LibraryOfCongress/bagit-conformance-suite';
  console.info(`tools/archive/bagit-conformance.test.ts: skipped, as ${why}`);
  it.skip(`the Library of Congress BagIt conformance suite: skipped, as ${why}`, () => {});
}

/** Every bag of the versions judged, expected accepted or rejected as its folder says; the counts at the end. */
function suiteTests(): void {
  const tally = new Map<string, { right: number; of: number }>();
  const count = (key: string, right: boolean) => {
    const entry = tally.get(key) ?? { right: 0, of: 0 };
    tally.set(key, { right: entry.right + (right ? 1 : 0), of: entry.of + 1 });
  };
  afterAll(() => {
    const lines = [...tally].map(([key, { right, of }]) => `  ${key}: ${right} of ${of}`);
    console.info(`Conformance suite at ${SUITE}:\n${lines.join('\n')}`);
  });

  it('is a checkout of the suite (a v1.0 folder with valid/ and invalid/ bags)', () => {
    expect(bagsIn('v1.0', 'valid').length).toBeGreaterThan(0);
    expect(bagsIn('v1.0', 'invalid').length).toBeGreaterThan(0);
  });

  for (const version of VERSIONS.filter((each) => existsSync(join(SUITE!, each)))) {
    for (const category of categoriesOf(version)) {
      const bags = bagsIn(version, category);
      if (category === 'warning') {
        it.skip.each(bags)(`${version}/warning/%s: valid with a warning to the suite; not judged`, () => {});
      } else if (category === 'valid') {
        it.each(bags)(`${version}/valid/%s is accepted`, async (bag) => {
          const report = await validateBag(join(SUITE!, version, category, bag));
          count(`${version} valid accepted`, report.valid);
          expect(report).toEqual({ valid: true, problems: [] });
        });
      } else {
        it.each(bags)(`${version}/${category}/%s is rejected`, async (bag) => {
          const report = await validateBag(join(SUITE!, version, category, bag));
          count(`${version} ${category} rejected`, !report.valid);
          expect(report.valid).toBe(false);
          expect(report.problems.length).toBeGreaterThan(0);
        });
      }
    }
  }
}
