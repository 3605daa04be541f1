import { SITE_TITLE } from './site';

/**
 * Each page's title and description: used for the document head in the browser (PageMeta) and, at
 * build time, for the public pages' own HTML files (title, description, Open Graph, canonical link,
 * sitemap), so that search engines and link previews see them without running JavaScript.
 */
export const PAGE_META = {
  '/home': {
    title: 'Home',
    description:
      'Family reunion of the descendants of two Norwegian immigrant families, July 10th-12th, 2026 in Rolette, North Dakota, where the 1976 time capsule is opened.',
  },
  '/news': {
    title: 'News',
    description:
      'News of the 2026 Rolette family reunion: the dates, July 10th-12th, 2026, and the ongoing informational seminars.',
  },
  '/about': {
    title: 'About',
    description:
      'When, why and where: the 2026 Rolette family reunion, July 10th-12th, 2026, and the time capsule of 1976, with a map of Rolette, North Dakota.',
  },
  '/contact': {
    title: 'Contact',
    description:
      'Contact the organisers of the 2026 Rolette family reunion with questions, suggestions or offers of help.',
  },
  '/login': {
    title: 'Login',
    description:
      "Family members sign in to download the reunion's historical papers, photos and seminar material.",
  },
  '/members': {
    title: 'Members Area',
    description: 'Historical documents, images and seminar material for members of the reunion families.',
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type PagePath = keyof typeof PAGE_META;

/** The public pages: in the sitemap. */
export const PUBLIC_PAGES = ['/home', '/news', '/about', '/contact'] as const satisfies readonly PagePath[];

/** Pages with their own build-time HTML file (title, description, rendered content): all but /members. */
export const STATIC_PAGES = [...PUBLIC_PAGES, '/login'] as const satisfies readonly PagePath[];

export function documentTitle(page: PagePath): string {
  return `${PAGE_META[page].title} · ${SITE_TITLE}`;
}
