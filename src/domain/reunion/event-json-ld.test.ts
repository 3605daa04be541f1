import { eventJsonLd } from './event-json-ld';

describe('eventJsonLd', () => {
  it('describes the reunion as a schema.org Event in each language', () => {
    const en = eventJsonLd('en');
    expect(en).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Rolette Family Reunion 2026',
      startDate: '2026-07-10',
      endDate: '2026-07-12',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      inLanguage: 'en',
      location: {
        '@type': 'Place',
        name: 'Rolette, North Dakota, USA',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Rolette',
          addressRegion: 'ND',
          addressCountry: 'US',
        },
      },
      organizer: { '@type': 'Organization' },
    });
    expect(en.url).toMatch(/^https:\/\/[^/]+\/home$/);
    const nb = eventJsonLd('nb');
    expect(nb).toMatchObject({ name: 'Slektstreff i Rolette 2026', inLanguage: 'nb' });
    expect(nb.url).toMatch(/\/nb\/home$/);
    expect((nb.organizer as { url: string }).url).toMatch(/\/nb\/contact$/);
    expect(nb.description).toMatch(/Tidskapselen/);
  });

  it('is plain JSON', () => {
    const data = eventJsonLd('nb');
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
