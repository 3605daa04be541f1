import { readFileSync } from 'node:fs';
import {
  pageHtml,
  stylesheetLinks,
  robotsTxt,
  sitemapXml,
  withJsonLd,
  withMarkupIn,
  withoutScripts,
} from './static-pages';

const index = readFileSync('index.html', 'utf8');
const head = {
  lang: 'nb',
  ogLocale: 'nb_NO',
  siteName: 'Slektstreff & "venner"',
  title: 'Nyheter · Slektstreff',
  description: 'Alt <nytt>.',
  noscript: 'Slå på JavaScript.',
  image: 'https://example.org/nb/og-image.png',
  imageAlt: 'Slektstreff «2026»',
  feed: { title: 'Nyheter · Slektstreff', url: 'https://example.org/nb/news/feed.xml' },
};
const alternates = [
  { hreflang: 'en', href: 'https://example.org/news' },
  { hreflang: 'nb', href: 'https://example.org/nb/news' },
  { hreflang: 'x-default', href: 'https://example.org/news' },
];

describe('pageHtml', () => {
  const html = pageHtml(index, head, {
    url: 'https://example.org/nb/news',
    alternates,
    otherOgLocales: ['en_US'],
    canonical: true,
  });

  it("puts the page's language, title, description and Open Graph tags into index.html", () => {
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('<title>Nyheter · Slektstreff</title>');
    expect(html).toMatch(/<meta\s+name="description"\s+content="Alt &lt;nytt&gt;\."/);
    expect(html).toContain('<meta property="og:site_name" content="Slektstreff &amp; &quot;venner&quot;" />');
    expect(html).toContain('<meta property="og:title" content="Nyheter · Slektstreff" />');
    expect(html).toContain('<meta property="og:url" content="https://example.org/nb/news" />');
    expect(html).toContain('<meta property="og:locale" content="nb_NO" />');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US" />');
    expect(html).toContain('<noscript>Slå på JavaScript.</noscript>');
    expect(html).toContain('<meta property="og:image" content="https://example.org/nb/og-image.png" />');
    expect(html).toContain('<meta property="og:image:alt" content="Slektstreff «2026»" />');
    expect(html).not.toMatch(/\$\d/);
  });

  it('links the canonical address and every language version', () => {
    expect(html).toContain('<link rel="canonical" href="https://example.org/nb/news" />');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://example.org/news" />');
    expect(html).toContain('<link rel="alternate" hreflang="nb" href="https://example.org/nb/news" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://example.org/news" />');
  });

  it("links the language's news feed", () => {
    expect(html).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Nyheter · Slektstreff" href="https://example.org/nb/news/feed.xml" />',
    );
  });

  it('gives an app shell its language without a canonical link', () => {
    const shell = pageHtml(index, head, {
      url: 'https://example.org/nb/home',
      otherOgLocales: [],
      canonical: false,
    });
    expect(shell).toContain('<html lang="nb">');
    expect(shell).not.toContain('rel="canonical"');
    expect(shell).not.toContain('hreflang');
  });

  it('fails loudly when index.html lost a tag it fills in', () => {
    expect(() =>
      pageHtml(index.replace(/<noscript>[^<]*<\/noscript>/, ''), head, {
        url: 'https://example.org/nb/home',
        otherOgLocales: [],
        canonical: false,
      }),
    ).toThrow(/exactly one <noscript>/);
  });
});

describe('withMarkupIn', () => {
  it('puts the rendered markup into the empty root, literally', () => {
    expect(withMarkupIn('<div id="root"></div>', '<p>$1 &amp; $&</p>')).toBe(
      '<div id="root"><p>$1 &amp; $&</p></div>',
    );
    expect(() => withMarkupIn('<div id="root">x</div>', '<p></p>')).toThrow(/no empty/);
  });
});

describe('sitemap and robots', () => {
  it('lists each page in each language with all its alternates', () => {
    const xml = sitemapXml([
      { url: 'https://example.org/news', alternates },
      { url: 'https://example.org/nb/news', alternates },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<loc>https://example.org/nb/news</loc>');
    expect(xml.match(/hreflang="nb" href="https:\/\/example.org\/nb\/news"/g)).toHaveLength(2);
  });

  it('keeps crawlers out of the members area in both languages and points them at the sitemap', () => {
    const robots = robotsTxt('https://example.org', ['/members', '/nb/members']);
    expect(robots).toContain('Disallow: /members\n');
    expect(robots).toContain('Disallow: /nb/members\n');
    expect(robots).toContain('Sitemap: https://example.org/sitemap.xml');
  });
});

describe('withoutScripts', () => {
  it('removes every script and modulepreload, and keeps data blocks and the rest', () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">\n' +
      '<link rel="stylesheet" href="/assets/index.css">\n' +
      '<script type="application/ld+json">{"@type":"Event"}</script></head>' +
      '<body><div id="root"><h1>Hei</h1></div><script>alert(1)</script></body>';
    const limit = withoutScripts(html);
    expect(limit).not.toContain('index.js');
    expect(limit).not.toContain('modulepreload');
    expect(limit).not.toContain('alert(1)');
    expect(limit).toContain('<link rel="stylesheet" href="/assets/index.css">');
    expect(limit).toContain('application/ld+json');
    expect(limit).toContain('<h1>Hei</h1>');
  });
});

describe('stylesheetLinks', () => {
  it("links the page's stylesheets and preloads those it applies right after, each once, none it has, no script", () => {
    const html = '<head><link rel="stylesheet" href="/assets/index.css"></head>';
    const out = stylesheetLinks(
      html,
      ['assets/index.css', 'assets/page.css'],
      ['assets/page.css', 'assets/widget.css'],
    );
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/page.css">');
    expect(out).toContain('<link rel="preload" as="style" crossorigin href="/assets/widget.css">');
    expect(out.match(/page\.css/g)).toHaveLength(1);
    expect(out.match(/index\.css/g)).toHaveLength(1);
    expect(out).not.toContain('modulepreload');
  });

  it('leaves a page with nothing to add as it is', () => {
    const html = '<head><link rel="stylesheet" href="/assets/index.css"></head>';
    expect(stylesheetLinks(html, ['assets/index.css'])).toBe(html);
  });
});

describe('withJsonLd', () => {
  it('adds one JSON-LD data block to the head, whose text cannot close the element', () => {
    const data = { '@type': 'Event', name: 'Slektstreff </script><script>alert(1)</script> «2026»' };
    const html = withJsonLd(index, data);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    expect(blocks[0]![1]).not.toContain('<');
    expect(JSON.parse(blocks[0]![1]!)).toEqual(data);
  });
});
