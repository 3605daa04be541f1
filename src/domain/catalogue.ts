import type { MemberSectionId } from './member-sections';

/**
 * The downloadable file catalogue (spec sections 2 and 3): every member file, its display name, where it
 * lives in Cloud Storage, its content type and whether only approved relatives may read it. The members page,
 * the download service, the seeding of the local emulator and the organisers' upload and check commands all
 * read this one list.
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

export interface CatalogueEntry {
  /** Stable key, also the file's base name in storage and in the organisers' upload folder. */
  id: string;
  displayName: string;
  kind: FileKind;
  section: Extract<MemberSectionId, 'documents' | 'images' | 'educational-materials'>;
  group: string;
  /**
   * The file lists living people: only accounts an organiser has approved (the `approved` custom claim) may
   * read it. Every other member file is readable by any signed-in account with a verified e-mail address.
   * The organisers' upload writes this into the file's metadata, where storage.rules reads it.
   */
  approvalOnly: boolean;
}

/** Marks a catalogue row as readable only by approved accounts. */
const APPROVAL_ONLY = 'approval-only';

type Row = [id: string, displayName: string, kind: FileKind, access?: typeof APPROVAL_ONLY];

function group(section: CatalogueEntry['section'], name: string, rows: Row[]): CatalogueEntry[] {
  return rows.map(([id, displayName, kind, access]) => ({
    id,
    displayName,
    kind,
    section,
    group: name,
    approvalOnly: access === APPROVAL_ONLY,
  }));
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  ...group('documents', '1976 Reunion', [
    ['attendees-list-1976', '1976 Reunion Attendees List', 'xlsx', APPROVAL_ONLY],
    ['program-1976', '1976 Reunion Program', 'pdf'],
    ['souvenir-booklet-1976', '1976 Reunion Souvenir Booklet', 'pdf'],
    ['newspaper-article-1976-1', '1976 Newspaper Article 1', 'pdf'],
    ['newspaper-article-1976-2', '1976 Newspaper Article 2', 'pdf'],
    ['time-capsule-list', 'Time Capsule Donors and Recipients', 'xlsx', APPROVAL_ONLY],
  ]),
  ...group('documents', 'Genealogy Books', [['genealogy-book-1986', '1986 Genealogy Book', 'pdf']]),
  ...group('documents', 'North Dakota History', [
    ['norwegian-settlement-thesis-1949', 'Norwegian Settlement in North Dakota (1949 Thesis)', 'pdf'],
    ['fur-trader-biography', 'Joe Rolette: Biography of a Fur Trader', 'pdf'],
  ]),
  ...group('documents', 'Railway War and Founding of Rolette', [
    ['railway-letter-1904', 'Letter of 1904 (Translated)', 'pdf'],
    ['railway-visit-1904', 'The Railway Visit of 1904', 'pdf'],
    ['railway-war-1905', 'The Railway War of 1905', 'pdf'],
  ]),
  ...group('documents', 'Rolette County History', [
    ['history-of-rolette-1905-1980', 'History of Rolette 1905-1980', 'pdf'],
    ['county-history-pioneer-yarns', 'Rolette County History and Pioneer Yarns', 'pdf'],
    ['missionary-journey-1886', 'A Missionary Journey in 1886', 'pdf'],
    ['chippewa-history-culture', 'History and Culture of the Turtle Mountain Band of Chippewa', 'pdf'],
  ]),
  ...group('documents', "1930s Federal Writers' Project Pioneer Interviews", [
    ['pioneer-interview-1', "Federal Writers' Project Pioneer Interview 1", 'pdf'],
    ['pioneer-interview-2', "Federal Writers' Project Pioneer Interview 2", 'pdf'],
    ['pioneer-interview-3', "Federal Writers' Project Pioneer Interview 3", 'pdf'],
    ['pioneer-interview-4', "Federal Writers' Project Pioneer Interview 4", 'pdf'],
    ['pioneer-interview-5', "Federal Writers' Project Pioneer Interview 5", 'pdf'],
  ]),
  ...group('documents', 'Interviews and Recollections', [
    ['interview-transcript-1982', '1982 Interview Transcript', 'pdf'],
    ['pioneer-memories-1', 'Memories of a Pioneer, Part 1', 'pdf'],
    ['pioneer-memories-2', 'Memories of a Pioneer, Part 2', 'pdf'],
  ]),
  ...group('images', '1976 Reunion', [
    ['group-photo-1976', '1976 Reunion Group Photo', 'jpeg'],
    ['group-photo-identification-1976', '1976 Group Photo Identification', 'jpeg'],
    ['cemetery-monument', 'Cemetery Monument', 'jpeg'],
  ]),
  ...group('images', 'Rolette County History', [
    ['rolette-panorama', 'Rolette Panorama', 'jpeg'],
    ['threshing-crew', 'Threshing Crew', 'jpeg'],
  ]),
  ...group('educational-materials', 'Documents', [
    ['two-reunions-presentation', 'Two Reunions, 50 Years Apart', 'pptx'],
    ['reunion-2026-background', 'Reunion 2026: Seminar Plans and Background', 'pdf'],
  ]),
];

export function contentTypeOf(entry: CatalogueEntry): string {
  return CONTENT_TYPES[entry.kind];
}

/** The object's path in the bucket, e.g. members/documents/program-1976.pdf */
export function storagePathOf(entry: CatalogueEntry): string {
  return `${MEMBERS_PREFIX}${entry.section}/${fileNameInStorage(entry)}`;
}

/** The base name in storage and in the organisers' upload folder, e.g. program-1976.pdf */
export function fileNameInStorage(entry: CatalogueEntry): string {
  return `${entry.id}.${EXTENSIONS[entry.kind]}`;
}

/** The name the visitor's browser saves: the display name, made safe for every file system, with its extension. */
export function downloadFileName(entry: CatalogueEntry): string {
  const safe = entry.displayName
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe}.${EXTENSIONS[entry.kind]}`;
}

/** Entries of one section, grouped in catalogue order. */
export function groupsOf(section: CatalogueEntry['section']): { name: string; entries: CatalogueEntry[] }[] {
  const groups = new Map<string, CatalogueEntry[]>();
  for (const entry of CATALOGUE) {
    if (entry.section !== section) continue;
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups].map(([name, entries]) => ({ name, entries }));
}
