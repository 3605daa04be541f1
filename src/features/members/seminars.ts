import { config } from '../../config/env';
import type { Title } from '../../domain/catalogue';
import { m } from '../../paraglide/messages.js';

/**
 * The highlighted seminars of the Educational Materials section (over 30 were hosted; 12 are
 * highlighted here). Demo data: titles, presenters and dates are examples for the organisers to replace
 * with the real list (titles in messages/*.json, keys seminar_*); each links to a search of the reunion's
 * video channel (the last column) until real video links are filled in. Each language's build carries its
 * own titles only, so the search words are data of their own.
 */
export interface Seminar {
  id: string;
  title: Title;
  /** A person's name (the same in both languages), or a role in each language. */
  presenter: string | Title;
  /** ISO date, YYYY-MM-DD */
  date: string;
  videoUrl: string;
}

export const SEMINARS_HOSTED = 30;

const channelSearch = (title: string) =>
  `${config.links.videoChannel}/search?query=${encodeURIComponent(title)}`;

const LIST: [id: string, title: Title, presenter: string | Title, date: string, video: string][] = [
  ['time-capsule', m.seminar_time_capsule, m.presenter_planning_committee, '2024-09-14', 'time capsule 1976'],
  ['norway-to-prairie', m.seminar_norway_to_prairie, 'Ingrid Haugen', '2024-10-12', 'emigrant ancestors'],
  ['homesteading', m.seminar_homesteading, m.presenter_local_historians, '2024-11-09', 'homesteading'],
  ['norwegian-genealogy', m.seminar_norwegian_genealogy, 'Kari Nordby', '2025-01-11', 'Norwegian genealogy'],
  ['church-books', m.seminar_church_books, 'Ole Brekke', '2025-02-08', 'church books farm names'],
  ['railway-war', m.seminar_railway_war, 'Erik Lunde', '2025-03-08', 'railway war 1905'],
  ['pioneer-voices', m.seminar_pioneer_voices, 'Anne Solberg', '2025-04-12', "Federal Writers' Project"],
  ['chippewa', m.seminar_chippewa, m.presenter_guest_speaker, '2025-05-10', 'Turtle Mountain Chippewa'],
  ['reunion-1976', m.seminar_reunion_1976, m.presenter_attendees_1976, '2025-09-13', '1976 reunion'],
  ['preserving-photos', m.seminar_preserving_photos, 'Marit Eide', '2025-11-08', 'family photos papers'],
  ['letters-2076', m.seminar_letters_2076, m.presenter_planning_committee, '2026-02-14', 'letters 2076'],
  [
    'reunion-weekend',
    m.seminar_reunion_weekend,
    m.presenter_planning_committee,
    '2026-05-09',
    'reunion weekend',
  ],
];

export const SEMINARS: readonly Seminar[] = LIST.map(([id, title, presenter, date, video]) => ({
  id,
  title,
  presenter,
  date,
  videoUrl: channelSearch(video),
}));

export function presenterName(seminar: Seminar): string {
  return typeof seminar.presenter === 'string' ? seminar.presenter : seminar.presenter();
}
