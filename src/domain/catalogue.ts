import { currentLocale } from '../lib/locale';
import { type Locale } from '../lib/locale-path';
import { m } from '../paraglide/messages.js';
import type { MemberSectionId } from './member-sections';

/**
 * The downloadable file catalogue (spec sections 2 and 3): every member file, its title in each language
 * (from the messages), where it lives in Cloud Storage, its content type and whether only approved relatives
 * may read it. The members page, the download service, the seeding of the local emulator and the organisers'
 * upload and check commands all read this one list.
 */
export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;
export type FileKind = keyof typeof CONTENT_TYPES;

export const EXTENSIONS: Record<FileKind, string> = { pdf: 'pdf', jpeg: 'jpg', xlsx: 'xlsx', pptx: 'pptx' };

/** Every member file is stored under this prefix; storage.rules guards it. */
export const MEMBERS_PREFIX = 'members/';

/** A compiled message: the text in the page's language, or in the one asked for. */
export type Title = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

export interface CatalogueGroup {
  /** Stable key (for ids and tests). */
  id: string;
  title: Title;
}

export interface CatalogueEntry {
  /** Stable key, also the file's base name in storage and in the organisers' upload folder. */
  id: string;
  /** The file's title, in each language (messages/*.json, keys file_*). */
  title: Title;
  kind: FileKind;
  section: Extract<MemberSectionId, 'documents' | 'images' | 'educational-materials'>;
  group: CatalogueGroup;
  /**
   * The file lists living people: only accounts an organiser has approved (the `approved` custom claim) may
   * read it. Every other member file is readable by any signed-in account with a verified e-mail address.
   * The organisers' upload writes this into the file's metadata, where storage.rules reads it.
   */
  approvalOnly: boolean;
}

/** Marks a catalogue row as readable only by approved accounts. */
const APPROVAL_ONLY = 'approval-only';

type Row = [id: string, title: Title, kind: FileKind, access?: typeof APPROVAL_ONLY];

function group(section: CatalogueEntry['section'], of: CatalogueGroup, rows: Row[]): CatalogueEntry[] {
  return rows.map(([id, title, kind, access]) => ({
    id,
    title,
    kind,
    section,
    group: of,
    approvalOnly: access === APPROVAL_ONLY,
  }));
}

const REUNION_1976 = { id: 'reunion-1976', title: m.group_reunion_1976 };
const ROLETTE_COUNTY_HISTORY = { id: 'rolette-county-history', title: m.group_rolette_county_history };

export const CATALOGUE: readonly CatalogueEntry[] = [
  ...group('documents', REUNION_1976, [
    ['attendees-list-1976', m.file_attendees_list_1976, 'xlsx', APPROVAL_ONLY],
    ['program-1976', m.file_program_1976, 'pdf'],
    ['souvenir-booklet-1976', m.file_souvenir_booklet_1976, 'pdf'],
    ['newspaper-article-1976-1', m.file_newspaper_article_1976_1, 'pdf'],
    ['newspaper-article-1976-2', m.file_newspaper_article_1976_2, 'pdf'],
    ['time-capsule-list', m.file_time_capsule_list, 'xlsx', APPROVAL_ONLY],
  ]),
  ...group('documents', { id: 'genealogy-books', title: m.group_genealogy_books }, [
    ['genealogy-book-1986', m.file_genealogy_book_1986, 'pdf'],
  ]),
  ...group('documents', { id: 'north-dakota-history', title: m.group_north_dakota_history }, [
    ['norwegian-settlement-thesis-1949', m.file_norwegian_settlement_thesis_1949, 'pdf'],
    ['fur-trader-biography', m.file_fur_trader_biography, 'pdf'],
  ]),
  ...group('documents', { id: 'railway-war', title: m.group_railway_war }, [
    ['railway-letter-1904', m.file_railway_letter_1904, 'pdf'],
    ['railway-visit-1904', m.file_railway_visit_1904, 'pdf'],
    ['railway-war-1905', m.file_railway_war_1905, 'pdf'],
  ]),
  ...group('documents', ROLETTE_COUNTY_HISTORY, [
    ['history-of-rolette-1905-1980', m.file_history_of_rolette_1905_1980, 'pdf'],
    ['county-history-pioneer-yarns', m.file_county_history_pioneer_yarns, 'pdf'],
    ['missionary-journey-1886', m.file_missionary_journey_1886, 'pdf'],
    ['chippewa-history-culture', m.file_chippewa_history_culture, 'pdf'],
  ]),
  ...group('documents', { id: 'pioneer-interviews', title: m.group_pioneer_interviews }, [
    ['pioneer-interview-1', m.file_pioneer_interview_1, 'pdf'],
    ['pioneer-interview-2', m.file_pioneer_interview_2, 'pdf'],
    ['pioneer-interview-3', m.file_pioneer_interview_3, 'pdf'],
    ['pioneer-interview-4', m.file_pioneer_interview_4, 'pdf'],
    ['pioneer-interview-5', m.file_pioneer_interview_5, 'pdf'],
  ]),
  ...group('documents', { id: 'interviews-recollections', title: m.group_interviews_recollections }, [
    ['interview-transcript-1982', m.file_interview_transcript_1982, 'pdf'],
    ['pioneer-memories-1', m.file_pioneer_memories_1, 'pdf'],
    ['pioneer-memories-2', m.file_pioneer_memories_2, 'pdf'],
  ]),
  ...group('images', REUNION_1976, [
    ['group-photo-1976', m.file_group_photo_1976, 'jpeg'],
    // The key names the people on the group photo, as who is who's faces file does: living people.
    ['group-photo-identification-1976', m.file_group_photo_identification_1976, 'jpeg', APPROVAL_ONLY],
    ['cemetery-monument', m.file_cemetery_monument, 'jpeg'],
  ]),
  ...group('images', ROLETTE_COUNTY_HISTORY, [
    ['rolette-panorama', m.file_rolette_panorama, 'jpeg'],
    ['threshing-crew', m.file_threshing_crew, 'jpeg'],
  ]),
  ...group('educational-materials', { id: 'education-documents', title: m.group_education_documents }, [
    ['two-reunions-presentation', m.file_two_reunions_presentation, 'pptx'],
    ['reunion-2026-background', m.file_reunion_2026_background, 'pdf'],
  ]),
];

/**
 * The date of the catalogue's files as they stand, written on every file in the zip of every file ("Download
 * all"): a fixed record, never the time of the download, so that two zips of the same files are the same bytes
 * (the site never reads a file's metadata, which would give it a download token, and media answers carry no date
 * to rely on). Noon UTC, so the day is the same in Rolette and in Norway. Move it on when the organisers replace
 * files.
 */
export const CATALOGUE_DATE = '2026-01-01T12:00:00Z';

export function contentTypeOf(entry: CatalogueEntry): string {
  return CONTENT_TYPES[entry.kind];
}

/** The object's path in the bucket, e.g. members/documents/program-1976.pdf */
export function storagePathOf(entry: CatalogueEntry): string {
  return `${MEMBERS_PREFIX}${entry.section}/${fileNameInStorage(entry)}`;
}

/** Width in pixels of an image's preview (its thumbnail); smaller images keep their own width. */
export const THUMBNAIL_WIDTH = 480;

/** Whether the entry is an image with a preview (a thumbnail, stored beside it under members/). */
export function hasThumbnail(entry: CatalogueEntry): boolean {
  return entry.kind === 'jpeg';
}

/**
 * Where an image's preview lives, e.g. members/images/thumbnails/threshing-crew.jpg: a JPEG made by the
 * organisers' upload (and the demo seeding), under members/ with the same access metadata as its image, so
 * storage.rules guards it exactly like the image. Throws for an entry without a thumbnail.
 */
export function thumbnailPathOf(entry: CatalogueEntry): string {
  if (!hasThumbnail(entry)) throw new Error(`${entry.id} has no thumbnail (${entry.kind})`);
  return `${MEMBERS_PREFIX}${entry.section}/thumbnails/${entry.id}.jpg`;
}

/** The base name in storage and in the organisers' upload folder, e.g. program-1976.pdf */
export function fileNameInStorage(entry: CatalogueEntry): string {
  return `${entry.id}.${EXTENSIONS[entry.kind]}`;
}

/** The file's title in a language (the page's by default). */
export function titleOf(entry: CatalogueEntry, locale: Locale = currentLocale()): string {
  return entry.title({}, { locale });
}

/**
 * A title made safe as a file or folder name on every file system (no extension added). A colon before words
 * ("Tidskapselen: givere og mottakere") becomes a dash between spaces, as people write it; any other character
 * a file system refuses becomes a hyphen.
 */
export function safeName(title: string): string {
  return title
    .replace(/\s*:\s+/g, ' – ')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A title made safe as a file name on every file system, with the kind's extension. */
export function safeFileName(title: string, kind: FileKind): string {
  return `${safeName(title)}.${EXTENSIONS[kind]}`;
}

/** The name the visitor's browser saves: the title in the page's language, with its extension. */
export function downloadFileName(entry: CatalogueEntry, locale: Locale = currentLocale()): string {
  return safeFileName(titleOf(entry, locale), entry.kind);
}

/** Entries of one section, grouped in catalogue order. */
export function groupsOf(
  section: CatalogueEntry['section'],
): { group: CatalogueGroup; entries: CatalogueEntry[] }[] {
  const groups = new Map<CatalogueGroup, CatalogueEntry[]>();
  for (const entry of CATALOGUE) {
    if (entry.section !== section) continue;
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups].map(([group, entries]) => ({ group, entries }));
}
