/**
 * The pictures opened for naming live in one place, storage.rules (its function picturesForNaming()), since that
 * is the wall that refuses a suggestion for any other picture. The site needs the same list at build time: the
 * members area links those pictures' who-is-who pages, and the page offers suggestions for them only. This writes
 * it as a module under src/generated/ (npm run generate), read through the rules language's own parser, so that a
 * list the rules would not read as a list of strings stops the build.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringListReturnedBy } from '../local/storage/rules-language/index.ts';

export const RULES_FILE = fileURLToPath(new URL('../../storage.rules', import.meta.url));
export const PICTURES_FOR_NAMING_MODULE = fileURLToPath(
  new URL('../../src/generated/pictures-for-naming.ts', import.meta.url),
);
/** The function of storage.rules whose list it is. */
export const LIST_FUNCTION = 'picturesForNaming';

/** The module's text for a list of ids. */
export function picturesForNamingModule(ids: readonly string[]): string {
  return [
    `// Written by npm run generate from storage.rules (function ${LIST_FUNCTION}): do not edit, edit the rules.`,
    '/** The catalogue images opened for naming: relatives may suggest names for these only. */',
    `export const PICTURES_FOR_NAMING_IDS: readonly string[] = ${JSON.stringify(ids)};`,
    '',
  ].join('\n');
}

/** Reads the list from storage.rules (or `rulesText`) and writes the module; what it wrote. */
export function writePicturesForNaming(
  rulesText: string = readFileSync(RULES_FILE, 'utf8'),
  modulePath: string = PICTURES_FOR_NAMING_MODULE,
): { path: string; ids: string[] } {
  const ids = stringListReturnedBy(rulesText, LIST_FUNCTION);
  mkdirSync(dirname(modulePath), { recursive: true });
  // The folder is generated: git ignores all of it.
  writeFileSync(`${dirname(modulePath)}/.gitignore`, '# Written by npm run generate\n*\n');
  writeFileSync(modulePath, picturesForNamingModule(ids));
  return { path: relative(process.cwd(), modulePath), ids };
}
