/**
 * The news feeds are Atom 1.0: validated against RFC 4287's own RELAX NG schema (appendix B, committed as
 * ./fixtures/rfc4287-atom.rnc) with jing (Debian's `jing`, Java; offline), not only parsed.
 */
import { LOCALES } from '../../../src/lib/locale-path.ts';
import { atomDate, atomFeed, type Feed } from './atom.ts';
import { loadNews, newsFeed } from './news.ts';
import { atomProblemsOf } from './validate-atom.ts';

const TEXTS = {
  title: 'News · Reunion & "friends"',
  subtitle: 'From <the> organisers',
  organisers: 'The organisers',
};
const FEED: Feed = {
  lang: 'nb',
  feedUrl: 'https://example.org/nb/news/feed.xml',
  pageUrl: 'https://example.org/nb/news',
  texts: TEXTS,
  entries: [
    {
      url: 'https://example.org/nb/news/photos',
      title: 'Bilder & «minner»',
      summary: 'Del <bildene>.',
      html: '<p>Se <a href="https://example.org/nb/members">her</a> &amp; der.</p>',
      date: '2026-08-01',
      updated: '2026-08-03',
      author: 'Kari Nordmann',
    },
    {
      url: 'https://example.org/nb/news/thank-you',
      title: 'Takk',
      summary: 'Takk.',
      html: '<p>Takk.</p>',
      date: '2026-07-20',
      updated: '2026-07-20',
    },
  ],
};

const feed = atomFeed(FEED);
const emptyFeed = atomFeed({ ...FEED, entries: [] });
const BROKEN = {
  withoutId: feed.replace(/\n {2}<id>[^<]*<\/id>/, ''),
  withoutUpdated: feed.replace(/<updated>2026-07-20T05:00:00Z<\/updated>/, ''),
};
const siteFeeds = async () => {
  const items = await loadNews('https://reunion.example.org');
  return LOCALES.map((locale) => ({
    locale,
    items,
    ...newsFeed(
      items,
      locale,
      { title: 'News', subtitle: 'From the organisers', organisers: 'The organisers' },
      'https://reunion.example.org',
    ),
  }));
};
/** Every document the tests below validate, with one run of jing; each test reads its own. */
let problems: Map<string, string[]>;
beforeAll(async () => {
  const documents = [feed, emptyFeed, BROKEN.withoutId, BROKEN.withoutUpdated];
  documents.push(...(await siteFeeds()).map((site) => site.content));
  const found = atomProblemsOf(documents);
  problems = new Map(documents.map((document, at) => [document, found[at]!]));
});

describe('atomFeed', () => {
  it('is valid Atom 1.0 (RFC 4287, by its RELAX NG schema)', () => {
    expect(problems.get(feed)).toEqual([]);
    expect(problems.get(emptyFeed)).toEqual([]);
  });

  it('is checked for real: the schema refuses a feed without an id or an entry without dates', () => {
    expect(problems.get(BROKEN.withoutId)).toEqual([expect.stringMatching(/missing required element "id"/)]);
    expect(problems.get(BROKEN.withoutUpdated)).toEqual([
      expect.stringMatching(/missing required element "updated"/),
    ]);
  });

  it('gives each post its link, dates, author (the organisers unless it names one) and HTML content', () => {
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nb">');
    expect(feed).toContain('<title>News · Reunion &amp; &quot;friends&quot;</title>');
    expect(feed).toContain(
      '<link rel="self" type="application/atom+xml" href="https://example.org/nb/news/feed.xml"/>',
    );
    expect(feed).toContain('<link rel="alternate" type="text/html" href="https://example.org/nb/news"/>');
    expect(feed).toContain('<updated>2026-08-03T05:00:00Z</updated>'); // the newest change, midnight in Rolette (CDT)
    const entries = feed.split('<entry>').slice(1);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain(
      '<link rel="alternate" type="text/html" href="https://example.org/nb/news/photos"/>',
    );
    expect(entries[0]).toContain('<id>https://example.org/nb/news/photos</id>');
    expect(entries[0]).toContain('<published>2026-08-01T05:00:00Z</published>');
    expect(entries[0]).toContain('<updated>2026-08-03T05:00:00Z</updated>');
    expect(entries[0]).toContain('<author><name>Kari Nordmann</name></author>');
    expect(entries[0]).toContain('<summary>Del &lt;bildene&gt;.</summary>');
    expect(entries[0]).toContain(
      '<content type="html">&lt;p&gt;Se &lt;a href=&quot;https://example.org/nb/members&quot;&gt;her&lt;/a&gt; &amp;amp; der.&lt;/p&gt;</content>',
    );
    expect(entries[1]).toContain('<author><name>The organisers</name></author>');
  });

  it('dates a post at the start of its day in Rolette, summer or winter', () => {
    expect(atomDate('2026-07-20')).toBe('2026-07-20T05:00:00Z');
    expect(atomDate('2026-11-23')).toBe('2026-11-23T06:00:00Z');
  });
});

describe("the site's feeds", () => {
  it('are valid Atom 1.0 in each language, one entry per post', async () => {
    for (const { locale, items, path, content } of await siteFeeds()) {
      expect(path).toBe(locale === 'en' ? '/news/feed.xml' : '/nb/news/feed.xml');
      expect(problems.get(content)).toEqual([]);
      expect(content.split('<entry>')).toHaveLength(
        items.filter((item) => item.locale === locale).length + 1,
      );
      expect(content).toContain(`https://reunion.example.org${locale === 'en' ? '' : '/nb'}/news/thank-you`);
    }
  });
});
