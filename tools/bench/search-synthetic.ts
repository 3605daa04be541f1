/**
 * A synthetic archive for bench:search: `bytes` of text in pages of about 2,500 characters (a printed page), made
 * of the demo's own sentences in a seeded shuffle (the same archive every run), spread over the given catalogue ids
 * (the page shows a file's results only under a title it knows).
 */
import type { FileText, SearchTexts } from '../../src/domain/search.ts';
import { seededRandom } from '../local/seed/demo-documents/common.ts';

const PAGE_CHARS = 2_500;

/** The sentences of the demo's texts (a row of a list counts as one). */
export function sentencesOf(files: readonly FileText[]): string[] {
  return files.flatMap((file) =>
    file.parts.flatMap((part) =>
      part.text
        .split(/(?<=[.!?])\s+/)
        .map((sentence) => sentence.trim())
        .filter((sentence) => sentence.length > 20),
    ),
  );
}

export function syntheticTexts(
  files: readonly FileText[],
  ids: readonly string[],
  bytes: number,
): SearchTexts {
  const sentences = sentencesOf(files);
  if (!sentences.length || !ids.length) throw new Error('No sentences or no files to make an archive of');
  const next = seededRandom(1976);
  const pages: string[] = [];
  let total = 0;
  while (total < bytes) {
    let page = '';
    while (page.length < PAGE_CHARS) page += `${sentences[Math.floor(next() * sentences.length)]} `;
    pages.push(page.trim());
    total += new TextEncoder().encode(page).byteLength;
  }
  const perFile = Math.ceil(pages.length / ids.length);
  return {
    version: 1,
    files: ids.map((id, at) => ({
      id,
      md5: 'synthetic',
      unit: 'page',
      unread: [],
      parts: pages
        .slice(at * perFile, (at + 1) * perFile)
        .map((text, n) => ({ n: n + 1, text, method: 'text-layer' as const })),
    })),
  };
}
