import type { Findable } from './search-index';

/**
 * The news posts of a language as the search finds them, from its Atom feed (/news/feed.xml, /nb/news/feed.xml,
 * which carries each post's whole text): the title, the text without its markup, and the post's path on this site.
 * A feed that cannot be read gives no posts (the search still finds the rest).
 */
export function newsFindables(xml: string): Findable[] {
  const feed = new DOMParser().parseFromString(xml, 'application/xml');
  if (feed.querySelector('parsererror')) return [];
  return [...feed.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'entry')].flatMap(
    (entry): Findable[] => {
      const child = (name: string) => entry.getElementsByTagNameNS('http://www.w3.org/2005/Atom', name)[0];
      const href = child('link')?.getAttribute('href');
      const slug = href
        ? /\/news\/([a-z0-9-]+)$/.exec(new URL(href, 'https://site.invalid').pathname)?.[1]
        : undefined;
      const title = child('title')?.textContent?.trim();
      if (!slug || !title) return [];
      // The content is HTML as text: read as a document (never put into the page), its words only.
      const html = child('content')?.textContent ?? child('summary')?.textContent ?? '';
      const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
      return [{ kind: 'news', slug, title, text: text.replace(/\s+/g, ' ').trim() }];
    },
  );
}
