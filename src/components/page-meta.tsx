import { currentLocale } from '../lib/locale';
import { type Locale } from '../lib/locale-path';
import { m } from '../paraglide/messages.js';

type Message = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** A page's title and description (messages page_*), exported by each page module as `meta`. */
export interface PageMetaMessages {
  title: Message;
  description: Message;
}

/** The browser tab's title, e.g. "News · Rolette Family Reunion 2026". */
export function documentTitle(meta: PageMetaMessages, locale: Locale = currentLocale()): string {
  return `${meta.title({}, { locale })} · ${m.site_title({}, { locale })}`;
}

/**
 * The page's <title> and meta description; React hoists them into <head>. The build-time HTML gets the
 * same texts from the same `meta` (src/prerender.tsx), so each page carries only its own.
 */
export function PageMeta({ meta }: { meta: PageMetaMessages }) {
  return <DocumentMeta title={documentTitle(meta)} description={meta.description()} />;
}

/** A <title> and meta description of a page whose texts are not messages (a news post's). */
export function DocumentMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
    </>
  );
}
