import { NEWS_POSTS } from 'virtual:news-posts';
import type { NewsPostSummary } from '../../domain/news';
import { currentLocale } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';

/** The posts of the page's language, newest first. */
export function newsPosts(locale: Locale = currentLocale()): NewsPostSummary[] {
  return NEWS_POSTS.filter((post) => post.locale === locale);
}

export function findNewsPost(slug: string | undefined, locale: Locale = currentLocale()) {
  return newsPosts(locale).find((post) => post.slug === slug);
}
