import { config } from '../../config/env';

/**
 * The highlighted seminars of the Educational Materials section (over 30 were hosted; 12 are
 * highlighted here). Demo data: titles, presenters and dates are examples for the organisers to replace
 * with the real list; each links to a search of the reunion's video channel until real video links are
 * filled in.
 */
export interface Seminar {
  title: string;
  presenter: string;
  /** ISO date, YYYY-MM-DD */
  date: string;
  videoUrl: string;
}

export const SEMINARS_HOSTED = 30;

const channelSearch = (title: string) =>
  `${config.links.videoChannel}/search?query=${encodeURIComponent(title)}`;

const LIST: [title: string, presenter: string, date: string][] = [
  ['Opening the 1976 Time Capsule: What We Know', 'Planning committee', '2024-09-14'],
  ['From Norway to the Prairie: Our Emigrant Ancestors', 'Ingrid Haugen', '2024-10-12'],
  ['Homesteading in Rolette County', 'Rolette County local historians', '2024-11-09'],
  ['Getting Started with Norwegian Genealogy', 'Kari Nordby', '2025-01-11'],
  ['Reading Norwegian Church Books and Farm Names', 'Ole Brekke', '2025-02-08'],
  ['The 1905 Railway War and the Founding of Rolette', 'Erik Lunde', '2025-03-08'],
  ["Voices of the Pioneers: The Federal Writers' Project Interviews", 'Anne Solberg', '2025-04-12'],
  ['The Turtle Mountain Band of Chippewa: History and Culture', 'Guest speaker', '2025-05-10'],
  ['Looking Back at the 1976 Reunion', 'Attendees of 1976', '2025-09-13'],
  ['Preserving Family Photos and Papers', 'Marit Eide', '2025-11-08'],
  ['Writing Letters for 2076', 'Planning committee', '2026-02-14'],
  ['Reunion Weekend: Program and Practical Information', 'Planning committee', '2026-05-09'],
];

export const SEMINARS: readonly Seminar[] = LIST.map(([title, presenter, date]) => ({
  title,
  presenter,
  date,
  videoUrl: channelSearch(title),
}));
