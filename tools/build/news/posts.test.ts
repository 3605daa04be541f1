import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewsContentError, readNewsPosts } from './posts.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'news-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function post(folder: string, locale: string, text: string): void {
  const dir = join(root, 'content/news', folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${locale}.md`), text);
}

const front = (fields: Record<string, string>, body = 'Some text.') =>
  `---\n${Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n---\n\n${body}\n`;

const good = (date: string, title: string) => front({ title, date, summary: `About ${title}.` });

/** The problems the build reports for the content as it is. */
function problems(): string[] {
  try {
    readNewsPosts(root);
  } catch (error) {
    expect(error).toBeInstanceOf(NewsContentError);
    expect((error as Error).message).toMatch(/^news: /);
    return (error as NewsContentError).problems;
  }
  return [];
}

describe('readNewsPosts', () => {
  it('reads every post in both languages, newest first, with its front matter and Markdown', () => {
    post(
      '2026-07-20-thank-you',
      'en',
      front({ title: 'Thank you', date: '2026-07-20', summary: 'Thanks.' }, '## Hi'),
    );
    post(
      '2026-07-20-thank-you',
      'nb',
      front({ title: 'Takk', date: '2026-07-20', summary: 'Takk.', author: 'Kari', updated: '2026-07-22' }),
    );
    post('2026-08-01-photos', 'en', good('2026-08-01', 'Photos'));
    post('2026-08-01-photos', 'nb', good('2026-08-01', 'Bilder'));
    const posts = readNewsPosts(root);
    expect(posts.map((p) => `${p.locale}/${p.slug}`)).toEqual([
      'en/photos',
      'nb/photos',
      'en/thank-you',
      'nb/thank-you',
    ]);
    expect(posts[2]).toMatchObject({
      file: 'content/news/2026-07-20-thank-you/en.md',
      title: 'Thank you',
      date: '2026-07-20',
      updated: '2026-07-20',
      summary: 'Thanks.',
      markdown: '\n## Hi\n',
      markdownLine: 6,
    });
    expect(posts[2]!.author).toBeUndefined();
    expect(posts[3]).toMatchObject({ author: 'Kari', updated: '2026-07-22' });
  });

  it('has no posts without the folder', () => {
    expect(readNewsPosts(root)).toEqual([]);
  });

  it('stops the build when a post lacks its other language, naming the missing file', () => {
    post('2026-07-20-thank-you', 'en', good('2026-07-20', 'Thank you'));
    expect(problems()).toEqual([
      'content/news/2026-07-20-thank-you/nb.md is missing: every post is written in each language (en.md and nb.md)',
    ]);
  });

  it('names the file of each front-matter mistake', () => {
    post('2026-07-20-a', 'en', front({ date: '2026-07-20', summary: 'S.' }));
    post('2026-07-20-a', 'nb', front({ title: 'T', date: '20.07.2026', summary: 'S.' }));
    post('2026-07-21-b', 'en', front({ title: 'T', date: '2026-07-22', summary: 'S.', titel: 'x' }));
    post('2026-07-21-b', 'nb', 'No front matter here.');
    post('2026-07-22-c', 'en', front({ title: '', date: '2026-07-22', summary: 'S.' }));
    post('2026-07-22-c', 'nb', '---\ntitle: [unclosed\n---\n');
    post(
      '2026-07-23-d',
      'en',
      front({ title: 'T', date: '2026-07-23', summary: 'S.', updated: '2026-07-01' }),
    );
    post('2026-07-23-d', 'nb', front({ title: '42', date: '2026-02-30', summary: 'S.' }));
    const found = problems();
    expect(found).toEqual(
      expect.arrayContaining([
        'content/news/2026-07-20-a/en.md: "title" is missing',
        'content/news/2026-07-20-a/nb.md: "date" must be a date written YYYY-MM-DD (e.g. 2026-07-20), not "20.07.2026"',
        'content/news/2026-07-21-b/en.md: unknown field "titel" (the fields are title, date, summary, author, updated)',
        'content/news/2026-07-21-b/en.md: "date" is 2026-07-22, but the folder\'s name says 2026-07-21: make them the same',
        expect.stringMatching(/^content\/news\/2026-07-21-b\/nb\.md: it must start with its front matter/),
        'content/news/2026-07-22-c/en.md: "title" is missing',
        expect.stringMatching(/^content\/news\/2026-07-22-c\/nb\.md: its front matter is not readable: /),
        'content/news/2026-07-23-d/en.md: "updated" (2026-07-01) is before the post\'s date (2026-07-23)',
        'content/news/2026-07-23-d/nb.md: "title" must be text',
        'content/news/2026-07-23-d/nb.md: "date" must be a date written YYYY-MM-DD (e.g. 2026-07-20), not "2026-02-30"',
      ]),
    );
    expect(found).toHaveLength(10);
  });

  it('names a folder whose name is not <yyyy-mm-dd>-<slug>, and a slug used twice', () => {
    post('Thank you', 'en', good('2026-07-20', 'T'));
    post('2026-13-01-x', 'en', good('2026-13-01', 'T'));
    post('2026-07-20-same', 'en', good('2026-07-20', 'T'));
    post('2026-07-20-same', 'nb', good('2026-07-20', 'T'));
    post('2026-07-21-same', 'en', good('2026-07-21', 'T'));
    post('2026-07-21-same', 'nb', good('2026-07-21', 'T'));
    expect(problems()).toEqual([
      'content/news/2026-07-21-same: content/news/2026-07-20-same has the same slug "same": each post needs its own',
      expect.stringMatching(/^content\/news\/2026-13-01-x: a post's folder is named <yyyy-mm-dd>-<slug>/),
      expect.stringMatching(/^content\/news\/Thank you: a post's folder is named <yyyy-mm-dd>-<slug>/),
    ]);
  });

  it('reads the posts the site ships: two, in both languages, each with its twin', () => {
    const posts = readNewsPosts();
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const { slug, date } of posts.filter((p) => p.locale === 'en'))
      expect(posts.find((p) => p.locale === 'nb' && p.slug === slug)?.date).toBe(date);
  });
});
