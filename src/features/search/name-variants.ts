import { normalizeForSearch } from '../../lib/search-text';

/** Endings of Norwegian patronymic surnames and the forms they took in America: any one finds the others. */
const PATRONYMIC_ENDINGS = ['ssen', 'sson', 'sen', 'son'];
/** A word shorter than this is not expanded by its ending ("sen" alone is no name). */
const MIN_STEM = 2;
/** A word typed so far finds a family of spellings by its start only from this length (fewer letters match too much). */
const MIN_PREFIX = 4;

/** The families of spellings of content/search/name-variants.txt, each normalised as the search compares text. */
export function parseNameVariants(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [...new Set(line.split(/\s+/).map(normalizeForSearch).filter(Boolean))])
    .filter((family) => family.length > 1);
}

/**
 * The forms a normalised word of a query may take in the text: itself, every spelling of a family it is (or, from
 * four letters, begins) one of, and for a patronymic its other endings (olsen -> olson, olsson, olssen). The
 * search finds a word that begins with any of them.
 */
export function variantsOf(word: string, families: readonly (readonly string[])[]): string[] {
  const forms = new Set([word]);
  for (const family of families)
    if (family.some((name) => name === word || (word.length >= MIN_PREFIX && name.startsWith(word))))
      for (const name of family) forms.add(name);
  for (const form of [...forms]) {
    const ending = PATRONYMIC_ENDINGS.find((candidate) => form.endsWith(candidate));
    if (!ending || form.length - ending.length < MIN_STEM) continue;
    const stem = form.slice(0, -ending.length);
    for (const other of PATRONYMIC_ENDINGS) forms.add(stem + other);
  }
  return [...forms];
}
