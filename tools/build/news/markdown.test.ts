import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { WORD_JOINER } from '../../../src/lib/format.ts';
import { renderPost } from './markdown.ts';
import { loadNews } from './news.ts';
import type { NewsPost } from './posts.ts';

let root: string;
const folder = 'content/news/2026-07-20-thank-you';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'news-md-'));
  mkdirSync(join(root, folder), { recursive: true });
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function post(markdown: string, locale: 'en' | 'nb' = 'en'): NewsPost {
  return {
    locale,
    slug: 'thank-you',
    folder,
    file: `${folder}/${locale}.md`,
    title: 'T',
    date: '2026-07-20',
    updated: '2026-07-20',
    summary: 'S.',
    markdown,
    markdownLine: 6,
  };
}

const SITE = 'https://reunion.example.org';

describe('renderPost', () => {
  it('renders headings, paragraphs, lists, emphasis and links, and curls quotes as each language does', async () => {
    const markdown = [
      '## The capsule',
      '',
      'It was *opened* and **resealed**, "for 2076". See [the news](/news) or [a site](https://example.org).',
      '',
      '- one',
      '- two',
      '',
      '1. first',
      '2. second',
      '',
      '> A quote',
    ].join('\n');
    const { html } = await renderPost(post(markdown), SITE, root);
    expect(html).toContain('<h2>The capsule</h2>');
    expect(html).toContain('<em>opened</em>');
    expect(html).toContain('<strong>resealed</strong>');
    expect(html).toContain('“for 2076”');
    expect(html).toContain('<a href="/news">the news</a>');
    expect(html).toContain('<a href="https://example.org">a site</a>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<ol>\n<li>first</li>');
    expect(html).toContain('<blockquote>');
    expect((await renderPost(post('Han sa "hei".', 'nb'), SITE, root)).html).toContain('«hei»');
  });

  it('shows raw HTML as text, never as markup, and keeps script links out', async () => {
    const { html } = await renderPost(
      post('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))'),
      SITE,
      root,
    );
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps a range of days on one line after its dash', async () => {
    const { html } = await renderPost(post('Vi møttes 10.–12. juli 2026.', 'nb'), SITE, root);
    expect(html).toContain(`10.–${WORD_JOINER}12. juli 2026`);
  });

  it('writes every address in full in the feed version', async () => {
    const { feedHtml } = await renderPost(post('[News](/news) and [mail](mailto:a@example.org)'), SITE, root);
    expect(feedHtml).toContain(`<a href="${SITE}/news">News</a>`);
    expect(feedHtml).toContain('<a href="mailto:a@example.org">mail</a>');
  });

  it('refuses a "#" heading (the title is the page heading), naming its line in the file', async () => {
    await expect(renderPost(post('\nIntro\n\n# Big\n'), SITE, root)).rejects.toThrow(
      /^line 9: a "#" heading: the title is the page's heading, so start the post's own headings with "##"$/,
    );
  });

  it('turns a picture beside the post into an upright WebP at most 1200 pixels wide, without camera data', async () => {
    // A 2000x1000 photo taken with the camera on its side (EXIF orientation 6), with a GPS position in it.
    await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#7fa9c9' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 39/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toFile(join(root, folder, 'Capsule Photo.JPG'));
    const { html, feedHtml, images } = await renderPost(
      post('![The capsule, opened](Capsule%20Photo.JPG)'),
      SITE,
      root,
    );
    expect(images).toHaveLength(1);
    const [image] = images;
    expect(image!.url).toMatch(/^\/assets\/news-thank-you-capsule-photo-[0-9a-f]{8}\.webp$/);
    const meta = await sharp(image!.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 2000 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image).toMatchObject({ width: 1000, height: 2000 });
    expect(html).toContain(
      `<img src="${image!.url}" alt="The capsule, opened" width="1000" height="2000" loading="lazy" decoding="async">`,
    );
    expect(feedHtml).toContain(`src="${SITE}${image!.url}"`);

    await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#c9a043' } })
      .png()
      .toFile(join(root, folder, 'wide.png'));
    const wide = await renderPost(post('![A field](wide.png)'), SITE, root);
    expect(wide.images[0]).toMatchObject({ width: 1200, height: 600 });
  });

  it('refuses a picture that is not beside the post, or has no description', async () => {
    writeFileSync(
      join(root, folder, 'here.png'),
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const problems = async (markdown: string) =>
      renderPost(post(markdown), SITE, root).then(
        () => [],
        (error: Error) => error.message.split('\n'),
      );
    expect(await problems('![](here.png)')).toEqual([
      'the picture "here.png" has no description: write what it shows between the brackets, ![like this](here.png), for those who cannot see it',
    ]);
    expect(await problems('![A](missing.jpg)')).toEqual([`the picture "missing.jpg" is not in ${folder}`]);
    expect(await problems('![A](../../secret.jpg)')).toEqual([
      `the picture "../../secret.jpg" is not in ${folder}`,
    ]);
    expect(await problems('![A](https://example.org/a.jpg)')).toEqual([
      expect.stringMatching(/^the picture "https:\/\/example\.org\/a\.jpg" is not in the post's folder/),
    ]);
  });
});

describe('loadNews', () => {
  it("names the file and line of every post's problem, all at once", async () => {
    for (const locale of ['en', 'nb'])
      writeFileSync(
        join(root, folder, `${locale}.md`),
        `---\ntitle: T\ndate: 2026-07-20\nsummary: S.\n---\n\n# Big\n\n![](x.png)\n`,
      );
    await expect(loadNews(SITE, root)).rejects.toThrow(
      new RegExp(
        [
          `${folder}/en.md: line 7: a "#" heading`,
          `${folder}/en.md: the picture "x.png" has no description`,
          `${folder}/en.md: the picture "x.png" is not in`,
          `${folder}/nb.md: line 7`,
        ].join('[\\s\\S]*'),
      ),
    );
  });
});
