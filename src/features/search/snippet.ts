import { normalizeForSearch } from '../../lib/search-text';

/** A piece of a snippet: text as written in the file, marked where it matches the search. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * Text folded as normalizeForSearch folds it, with where each folded character came from in the original, so that
 * a match found in folded text is marked in the text as written. offsets[i] is the original index of folded[i];
 * offsets[folded.length] is the original's length.
 */
export function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = '';
  const offsets: number[] = [];
  let index = 0;
  // The a's in a row so far: of "aa" one a is kept (normalizeForSearch replaces each pair, left to right).
  let run = 0;
  for (const char of text) {
    const piece = normalizeForSearch(char) || ' ';
    for (const out of piece) {
      run = out === 'a' ? run + 1 : 0;
      if (out === 'a' && run % 2 === 0) continue;
      // One space for a run of them, none at the start.
      if (out === ' ' && (folded.length === 0 || folded.endsWith(' '))) continue;
      folded += out;
      offsets.push(index);
    }
    index += char.length;
  }
  if (folded.endsWith(' ')) {
    folded = folded.slice(0, -1);
    offsets.pop();
  }
  offsets.push(text.length);
  return { folded, offsets };
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
 * A few lines of `text` around its first match, the matches marked, cut at spaces ("…" where cut); undefined if no
 * word of it begins with any form of any query word. `words`: for each word of the query, the forms it may take
 * (normalised: ./name-variants.ts).
 */
export function snippetOf(
  text: string,
  words: readonly (readonly string[])[],
  radius = 80,
): SnippetPart[] | undefined {
  const { folded, offsets } = foldWithOffsets(text);
  const matches = words.flatMap((forms) => matchesIn(folded, forms)).sort((a, b) => a.start - b.start);
  const first = matches[0];
  if (!first) return undefined;
  const from = offsets[first.start]!;
  const to = offsets[first.end]!;
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
