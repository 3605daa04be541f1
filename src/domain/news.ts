import { pagePath } from '../config/pages.ts';
import { currentLocale } from '../lib/locale.ts';
import { type Locale } from '../lib/locale-path.ts';

/**
 * A news post as the site knows it (written by the organisers in content/news, read at build time by
 * tools/build/news): what /news lists and what heads its page. Its HTML loads with its page.
 */
export interface NewsPostSummary {
  locale: Locale;
  /** /news/<slug>, /nb/news/<slug> */
  slug: string;
  title: string;
  summary: string;
  /** Published, YYYY-MM-DD. */
  date: string;
  /** The same as people read it in the post's language ("November 23rd, 2026"), written at build time. */
  dateText: string;
  /** Last changed, YYYY-MM-DD (its date if never changed). */
  updated: string;
  /** Who wrote it, when the post names someone; else the organisers. */
  author?: string;
}

/** Each language's news feed (Atom): /news/feed.xml, /nb/news/feed.xml. */
export function newsFeedPath(locale: Locale = currentLocale()): string {
  return `${pagePath('news', locale)}/feed.xml`;
}
