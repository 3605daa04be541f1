/** Letters that have no decomposed form but that a searcher may type without their mark. */
const FOLDED: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l' };

/**
 * Text as the searches compare it (the members area's files, the names of who is who, the archive's search): lower
 * case, accents and other marks removed (é -> e, å -> a), ø/æ folded to o/ae, "aa" (å's older spelling, kept in many
 * names) to a, every run of punctuation or space one space. "Rølvaag", "Rølvåg" and "rolvag" match, and so do
 * "Writers’" and "writers", "Øystein" and "Oystein", "Sæther" and "Saether".
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßđł]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/aa/g, 'a')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query, normalised; empty for a blank query (which matches everything). */
export function searchTerms(query: string): string[] {
  const normalized = normalizeForSearch(query);
  return normalized ? normalized.split(' ') : [];
}

/** Whether normalised text holds every term (each a part of a word, in any order). */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  return terms.every((term) => text.includes(term));
}
