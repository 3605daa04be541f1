/**
 * "Did you mean ...?" for the organiser commands: the known word nearest to what a volunteer typed (an option such
 * as --dryrun, a subcommand such as aprove, an alias such as prodution). Pure.
 */

/**
 * The number of single-character edits (insert, delete, replace, or swap two neighbours) that turn a into b: the
 * optimal string alignment distance (Damerau-Levenshtein without editing a substring twice).
 */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: distance between the first i characters of a and the first j of b.
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate a volunteer most likely meant by `typed` (letter case ignored), or undefined when none is close:
 *   - at most 2 edits away, and fewer edits than half the typed word (so "x" never becomes "h"); the nearest wins,
 *     the earlier candidate on a tie;
 *   - otherwise the only candidate that starts with what was typed (3 characters or more: "--rep" for --replace).
 */
export function nearest(typed: string, candidates: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  if (!word) return undefined;
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate.toLowerCase());
    if (distance <= 2 && distance < word.length / 2 && (!best || distance < best.distance)) {
      best = { candidate, distance };
    }
  }
  if (best) return best.candidate;
  if (word.length < 3) return undefined;
  const prefixed = candidates.filter((candidate) => candidate.toLowerCase().startsWith(word));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
