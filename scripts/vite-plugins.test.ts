import { readFileSync } from 'node:fs';
import { localiseWidgetImages, pageHtml, replaceExactly, robotsTxt, sitemapXml } from './vite-plugins';

describe('replaceExactly', () => {
  it('replaces the expected number of matches', () => {
    expect(replaceExactly('a1 a2', /a\d/g, 'b', 2, 'test')).toBe('b b');
  });
  it('fails loudly when the vendor code changed', () => {
    expect(() => replaceExactly('a1', /a\d/g, 'b', 2, 'test')).toThrow(/expected 2 match\(es\), found 1/);
  });
});

describe('localiseWidgetImages', () => {
  it('leaves no www.gstatic.com image in firebaseui.css', () => {
    const css = readFileSync('node_modules/firebaseui/dist/firebaseui.css', 'utf8');
    expect(css).toContain('https://www.gstatic.com/');
    const local = localiseWidgetImages(css);
    expect(local).not.toContain('gstatic');
    expect(local).toContain('url("/icons/visibility.svg")');
  });
  it('refuses an image it has no local copy of', () => {
    expect(() => localiseWidgetImages('a{background:url(https://www.gstatic.com/x/new.png)}')).toThrow(
      /no local copy/,
    );
  });
});

describe('pageHtml', () => {
  const index = readFileSync('index.html', 'utf8');
  it("puts a page's title, description, Open Graph tags and canonical link into index.html", () => {
    const html = pageHtml(
      index,
      { path: '/news', title: 'News & "more" · Site', description: 'All <news>.' },
      'https://example.org',
    );
    expect(html).toContain('<title>News &amp; &quot;more&quot; · Site</title>');
    expect(html).toMatch(/<meta\s+name="description"\s+content="All &lt;news&gt;\."/);
    expect(html).toContain('<meta property="og:title" content="News &amp; &quot;more&quot; · Site" />');
    expect(html).toContain('<meta property="og:url" content="https://example.org/news" />');
    expect(html).toContain('<link rel="canonical" href="https://example.org/news" />');
    expect(html).not.toContain('$1');
  });
  it('lists the pages in the sitemap and points robots.txt at it', () => {
    expect(sitemapXml([{ path: '/home', title: '', description: '' }], 'https://example.org')).toContain(
      '<url><loc>https://example.org/home</loc></url>',
    );
    expect(robotsTxt('https://example.org')).toContain('Sitemap: https://example.org/sitemap.xml');
  });
});
