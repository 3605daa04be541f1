/**
 * The demo documents worth searching: for some catalogue entries a fictional but real-shaped file in place of the
 * one-page placeholder (demo-files.ts makes the rest), so that the members' full-text search (issue 36) has text
 * to find. Each is deterministic: the same bytes every call.
 */
import type { CatalogueEntry } from '../../../../src/domain/catalogue.ts';
import { englishTitle } from '../../../../admin/bucket/english-title.ts';
import { genealogyBookPdf } from './genealogy-book.ts';
import { INTERVIEW_1982 } from './interview-1982.ts';
import { PIONEER_INTERVIEWS } from './interviews-1938.ts';
import { PIONEER_MEMORIES } from './pioneer-memories.ts';
import { twoReunionsPptx } from './presentation.ts';
import { scannedLetterPdf } from './scanned-letter.ts';
import { attendeesListXlsx, timeCapsuleListXlsx } from './spreadsheets.ts';
import { transcriptPdf, type Transcript } from './transcripts.ts';

type Generator = (entry: CatalogueEntry) => Promise<Buffer>;

const DOCUMENTS: Readonly<Record<string, Generator>> = {
  'genealogy-book-1986': (entry) => genealogyBookPdf(englishTitle(entry)),
  'attendees-list-1976': (entry) => attendeesListXlsx(englishTitle(entry)),
  'time-capsule-list': (entry) => timeCapsuleListXlsx(englishTitle(entry)),
  'two-reunions-presentation': (entry) => twoReunionsPptx(englishTitle(entry)),
  'railway-letter-1904': (entry) => scannedLetterPdf(englishTitle(entry)),
  ...Object.fromEntries(
    [...PIONEER_INTERVIEWS, INTERVIEW_1982, ...PIONEER_MEMORIES].map((transcript: Transcript) => [
      transcript.id,
      (entry: CatalogueEntry) => transcriptPdf(transcript, englishTitle(entry)),
    ]),
  ),
};

/** The catalogue entries whose demo document is in Norwegian (the others are in English). */
export const NORWEGIAN_DOCUMENT_IDS: readonly string[] = PIONEER_MEMORIES.map((transcript) => transcript.id);

/** The catalogue entries that have a demo document (the others get demo-files.ts's placeholder). */
export const DEMO_DOCUMENT_IDS: readonly string[] = Object.keys(DOCUMENTS);

/** The entry's demo document, or undefined when it has none. */
export function demoDocument(entry: CatalogueEntry): Promise<Buffer> | undefined {
  return DOCUMENTS[entry.id]?.(entry);
}
