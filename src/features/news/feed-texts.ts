/**
 * The texts of each language's news feed (/news/feed.xml, /nb/news/feed.xml): build-time code, read by
 * src/prerender.tsx and, while developing, by tools/build/news/vite-plugin.ts. It runs with every language's
 * messages, so it may ask for any language.
 */
import { documentTitle } from '../../components/page-meta';
import type { Locale } from '../../lib/locale-path';
import { m } from '../../paraglide/messages.js';

export function feedTexts(locale: Locale): { title: string; subtitle: string; organisers: string } {
  return {
    title: documentTitle({ title: m.page_news_title, description: m.page_news_description }, locale),
    subtitle: m.news_feed_subtitle({}, { locale }),
    organisers: m.news_author_organisers({}, { locale }),
  };
}
