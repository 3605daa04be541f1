import { normalizeForSearch } from '../../lib/search-text';

/** A piece of a snippet: text as written in the file, marked where it matches the search. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * Each character's folding, kept: a page of text has a few dozen distinct characters, and folding each one afresh
 * (Unicode normalisation and four regular expressions) was most of a keystroke's time on a phone. Bounded, in case
 * a text is in a script with thousands.
 */
const FOLDED = new Map<string, string>();
const MAX_KEPT = 5_000;
/**
 * The texts folded lately (the same pages come back as a word is typed a letter at a time): a few hundred pages
 * at most, the oldest forgotten first.
 */
const FOLDINGS = new Map<string, { folded: string; offsets: number[] }>();
const MAX_FOLDINGS = 500;

function foldChar(char: string): string {
  let piece = FOLDED.get(char);
  if (piece === undefined) {
    // A combining mark (decomposed text: e and an accent) goes with its letter; anything else that folds to nothing
    // separates words.
    piece = normalizeForSearch(char) || (/^\p{M}+$/u.test(char) ? '' : ' ');
    if (FOLDED.size < MAX_KEPT) FOLDED.set(char, piece);
  }
  return piece;
}

/**
 * Text folded as normalizeForSearch folds it, with where each folded character came from in the original, so that
 * a match found in folded text is marked in the text as written. offsets[i] is the original index of folded[i];
 * offsets[folded.length] is the original's length.
 */
export function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  const known = FOLDINGS.get(text);
  if (known) return known;
  const out: string[] = [];
  const offsets: number[] = [];
  // The a's in a row so far: of "aa" one a is kept (normalizeForSearch replaces each pair, left to right).
  let run = 0;
  let spaced = true;
  let index = 0;
  for (const char of text) {
    for (const piece of foldChar(char)) {
      run = piece === 'a' ? run + 1 : 0;
      if (piece === 'a' && run % 2 === 0) continue;
      // One space for a run of them, none at the start.
      if (piece === ' ') {
        if (spaced) continue;
        spaced = true;
      } else spaced = false;
      out.push(piece);
      offsets.push(index);
    }
    index += char.length;
  }
  if (out[out.length - 1] === ' ') {
    out.pop();
    offsets.pop();
  }
  offsets.push(text.length);
  const folded = { folded: out.join(''), offsets };
  if (FOLDINGS.size >= MAX_FOLDINGS) FOLDINGS.delete(FOLDINGS.keys().next().value!);
  FOLDINGS.set(text, folded);
  return folded;
}

interface Match {
  start: number;
  end: number;
}

/** Where in folded text a word begins with one of the forms, each match widened to its whole word. */
function matchesIn(folded: string, forms: readonly string[]): Match[] {
  const found: Match[] = [];
  for (const form of forms) {
    if (!form) continue;
    for (let at = folded.indexOf(form); at >= 0; at = folded.indexOf(form, at + 1)) {
      if (at > 0 && folded[at - 1] !== ' ') continue;
      const space = folded.indexOf(' ', at);
      found.push({ start: at, end: space < 0 ? folded.length : space });
    }
  }
  return found;
}

/**
 * Where the snippet goes: the run of matches, at most `span` letters long, that holds the most of the query's
 * different words, the shortest such run, the first of those. A phrase typed whole ("the iron horse…") is shown
 * where it is, not at the page's first "the".
 */
function bestRun(matches: readonly (Match & { word: number })[], span: number): Match {
  let best = { start: matches[0]!.start, end: matches[0]!.end, words: 1 };
  for (let first = 0; first < matches.length; first += 1) {
    const start = matches[first]!.start;
    const words = new Set<number>();
    let end = start;
    for (let next = first; next < matches.length && matches[next]!.end - start <= span; next += 1) {
      words.add(matches[next]!.word);
      end = Math.max(end, matches[next]!.end);
      const shorter = words.size === best.words && end - start < best.end - best.start;
      if (words.size > best.words || shorter) best = { start, end, words: words.size };
    }
  }
  return best;
}

/**
 * A few lines of `text` around the place where most of the query's words meet (bestRun), the matches
 * marked, cut at spaces ("…" where cut); undefined if no word of it begins with any form of any query word.
 * `words`: for each word of the query, the forms it may take (normalised: ./name-variants.ts).
 */
export function snippetOf(
  text: string,
  words: readonly (readonly string[])[],
  radius = 80,
): SnippetPart[] | undefined {
  const { folded, offsets } = foldWithOffsets(text);
  const matches = words
    .flatMap((forms, word) => matchesIn(folded, forms).map((match) => ({ ...match, word })))
    .sort((a, b) => a.start - b.start);
  if (!matches.length) return undefined;
  const run = bestRun(matches, radius);
  const from = offsets[run.start]!;
  const to = offsets[run.end]!;
  let start = Math.max(0, from - radius);
  let end = Math.min(text.length, to + radius);
  if (start > 0) start = text.indexOf(' ', start) + 1 || from;
  if (end < text.length) end = text.lastIndexOf(' ', end) > to ? text.lastIndexOf(' ', end) : end;
  const marks = matches
    .map((match) => ({ start: offsets[match.start]!, end: offsets[match.end]! }))
    .filter((mark) => mark.start >= start && mark.end <= end);
  const parts: SnippetPart[] = [];
  const push = (piece: string, mark: boolean) => {
    if (!piece) return;
    const last = parts.at(-1);
    if (last && last.mark === mark) last.text += piece;
    else parts.push({ text: piece, mark });
  };
  if (start > 0) push('… ', false);
  let at = start;
  for (const mark of marks) {
    if (mark.start < at) continue;
    push(text.slice(at, mark.start), false);
    push(text.slice(mark.start, mark.end), true);
    at = mark.end;
  }
  push(text.slice(at, end), false);
  if (end < text.length) push(' …', false);
  return parts;
}
