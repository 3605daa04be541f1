/**
 * The addresses of the site's pages, from the one list (src/config/pages.ts): a plain page is one address per
 * language (/home, /nb/home); a page with a parameter (news/:slug) is one address per news post in each language
 * (content/news, read by ./news/posts.ts). The build-time HTML (./prerender.ts), the sitemap, the budgets
 * (./size.ts) and the browser tests (e2e/support/pages.ts) walk these.
 */
import { isPrerendered, PAGE_LIST, pagePath, type Page } from '../../src/config/pages.ts';
import { LOCALES, type Locale } from '../../src/lib/locale-path.ts';
import { postsIn, readNewsPosts, type NewsPost } from './news/posts.ts';

type Definition = (typeof PAGE_LIST)[number];

export interface PageAddress {
  page: Page;
  locale: Locale;
  /** e.g. /nb/news/thank-you */
  path: string;
  /** The same page in each language (its alternates), by language. */
  inLanguage: Record<Locale, string>;
}

/** Every address of the pages the predicate picks, language by language, in the list's order. */
export function pageAddresses(
  pick: (page: Definition) => boolean,
  posts: readonly NewsPost[] = readNewsPosts(),
): PageAddress[] {
  const pages = PAGE_LIST.filter(pick);
  return LOCALES.flatMap((locale) =>
    pages.flatMap((definition): PageAddress[] => {
      const page: Page = definition.name;
      if (!('path' in definition)) {
        const plain = definition.name;
        const inLanguage = Object.fromEntries(LOCALES.map((l) => [l, pagePath(plain, l)])) as Record<
          Locale,
          string
        >;
        return [{ page, locale, path: inLanguage[locale], inLanguage }];
      }
      // One page per news post: every post exists in each language under the same slug (checked when read).
      return postsIn(posts, locale).map((post) => {
        const inLanguage = Object.fromEntries(
          LOCALES.map((l) => [l, pagePath(page, l, { slug: post.slug })]),
        ) as Record<Locale, string>;
        return { page, locale, path: inLanguage[locale], inLanguage };
      });
    }),
  );
}

/** Pages with their own build-time HTML file in each language. */
export const prerenderedPages = (posts?: readonly NewsPost[]) => pageAddresses(isPrerendered, posts);
