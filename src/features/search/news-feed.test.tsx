import { describe, expect, it } from 'vitest';
import { newsFindables } from './news-feed';

const FEED = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nb">
  <title>Nyheter</title>
  <entry>
    <title>Del bildene dine</title>
    <link rel="alternate" type="text/html" href="https://rolette-reunion-2026.web.app/nb/news/share-your-photos"/>
    <summary>Kort.</summary>
    <content type="html">&lt;p&gt;Tok du bilder på &lt;a href=&quot;x&quot;&gt;treffet&lt;/a&gt;?&lt;/p&gt;
&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</content>
  </entry>
  <entry><title>No link</title></entry>
</feed>`;

describe('the news as the search finds it', () => {
  it('reads each post’s title, its whole text without markup, and its slug', () => {
    expect(newsFindables(FEED)).toEqual([
      {
        kind: 'news',
        slug: 'share-your-photos',
        title: 'Del bildene dine',
        text: 'Tok du bilder på treffet? alert(1)',
      },
    ]);
    // Read as a separate document: nothing of it ran or reached this one.
    expect(document.querySelector('img')).toBeNull();
  });

  it('a feed that is not one gives no posts', () => {
    expect(newsFindables('<html><p>not a feed')).toEqual([]);
    expect(newsFindables('')).toEqual([]);
  });
});
