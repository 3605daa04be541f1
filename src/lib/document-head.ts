/**
 * The texts of a page's <head> in one language: written by the build-time rendering (src/prerender.tsx) and put
 * into each page's HTML file by tools/build/static-pages.ts.
 */
export interface HeadTexts {
  /** The document's language tag, e.g. en-US, nb-NO. */
  lang: string;
  ogLocale: string;
  siteName: string;
  title: string;
  description: string;
  noscript: string;
  /** The share image of the language (og:image), in full, and what it shows. */
  image: string;
  imageAlt: string;
  /** The language's news feed: <link rel="alternate" type="application/atom+xml"> on every page. */
  feed: { title: string; url: string };
}
