import { config } from '../../config/env';
import { pagePath } from '../../config/pages';
import { REUNION_END, REUNION_PLACE, REUNION_START } from '../../config/site';
import { LOCALE_FACTS } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';
import { m } from '../../paraglide/messages.js';
import { shareImagePath } from '../../lib/share-image';
import { reunionEventTexts } from './reunion-event';

/**
 * The reunion as a schema.org Event, in a language, for search engines: tools/build/prerender.ts puts it into
 * the Home page's build-time HTML (a JSON-LD data block, which the CSP does not block: it never runs).
 * After the reunion it simply lies in the past; it stays "scheduled" (it was not cancelled or moved).
 */
export function eventJsonLd(locale: Locale): Record<string, unknown> {
  const texts = reunionEventTexts(locale);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: texts.title,
    description: texts.description,
    startDate: REUNION_START,
    endDate: REUNION_END,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: LOCALE_FACTS[locale].tag,
    url: texts.url,
    image: `${config.siteUrl}${shareImagePath(locale)}`,
    location: {
      '@type': 'Place',
      name: texts.location,
      address: {
        '@type': 'PostalAddress',
        addressLocality: REUNION_PLACE.locality,
        addressRegion: REUNION_PLACE.region,
        addressCountry: REUNION_PLACE.country,
      },
    },
    organizer: {
      '@type': 'Organization',
      name: m.timeline_event_organizer({}, { locale }),
      url: `${config.siteUrl}${pagePath('contact', locale)}`,
    },
  };
}
