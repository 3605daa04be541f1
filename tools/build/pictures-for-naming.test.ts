import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { CATALOGUE } from '../../src/domain/catalogue.ts';
import { PICTURES_FOR_NAMING, nameableImage } from '../../src/domain/faces.ts';
import { RULES_FILE, writePicturesForNaming } from './pictures-for-naming.ts';

const rules = readFileSync(RULES_FILE, 'utf8');

describe('the pictures opened for naming, from storage.rules', () => {
  it('writes the list of the function picturesForNaming() as a module, and the site reads that list', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pictures-for-naming-'));
    const path = join(folder, 'generated', 'pictures-for-naming.ts');
    const withCrew = rules.replace(
      "return ['group-photo-1976'];",
      "return ['group-photo-1976', 'threshing-crew'];",
    );
    expect(withCrew).not.toBe(rules);
    expect(writePicturesForNaming(withCrew, path).ids).toEqual(['group-photo-1976', 'threshing-crew']);
    expect(readFileSync(path, 'utf8')).toContain(
      'export const PICTURES_FOR_NAMING_IDS: readonly string[] = ["group-photo-1976","threshing-crew"];',
    );
    expect(readFileSync(join(folder, 'generated', '.gitignore'), 'utf8')).toContain('*');
    // The module the site was built with is storage.rules' list as it stands.
    expect([...PICTURES_FOR_NAMING]).toEqual(writePicturesForNaming(rules, join(folder, 'now.ts')).ids);
  });

  it('every picture in the list is an image of the catalogue', () => {
    for (const id of PICTURES_FOR_NAMING)
      expect(nameableImage(id), id).toBe(CATALOGUE.find((e) => e.id === id));
    for (const id of PICTURES_FOR_NAMING) expect(nameableImage(id)?.kind, id).toBe('jpeg');
  });

  it('a list the rules would not read as strings stops the generation, naming the place', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pictures-for-naming-'));
    for (const broken of [
      rules.replace("return ['group-photo-1976'];", "return ['group-photo-1976', fileId];"),
      rules.replace('function picturesForNaming()', 'function picturesToName()'),
    ]) {
      expect(() => writePicturesForNaming(broken, join(folder, 'x.ts'))).toThrow(/storage\.rules:\d+:\d+/);
    }
  });
});
