/**
 * Every relative link in the repository's Markdown resolves: to a file or folder that exists and, with a #fragment,
 * to a heading of that Markdown file (GitHub's anchors). Links are read with markdown-it, as a reader's renderer
 * sees them: reference links count, anything in a code block does not. A file named in a code span
 * (`src/lib/use-load.ts`, `./rules.ts`) must exist too: from the repository's root when it starts with one of its
 * top folders, else from the document's folder when it starts with ./ or ../.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const markdown = new MarkdownIt();
type Token = ReturnType<typeof markdown.parse>[number];

/** The files git knows of, tracked or new (not ignored). */
const REPOSITORY_FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
/** The Markdown files among them: what a reader of the repository sees. */
function markdownFiles(): string[] {
  return REPOSITORY_FILES.filter((file) => file.endsWith('.md') && existsSync(join(ROOT, file)));
}

/** Every token of a Markdown text as a renderer reads it, the inline ones within a block included, in order. */
function* tokensOf(source: string): Generator<Token> {
  function* walk(tokens: readonly Token[]): Generator<Token> {
    for (const token of tokens) {
      yield token;
      if (token.children) yield* walk(token.children);
    }
  }
  yield* walk(markdown.parse(source, {}));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes; repeats get -1, -2, ... */
export function headingAnchors(source: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const tokens = markdown.parse(source, {});
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[index + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  });
  return anchors;
}

/**
 * The relative links of a Markdown text: no scheme (https:, mailto:), and no path from the root, which in a news post
 * is a page of the site (checked by the news build), not a file of the repository.
 */
export function relativeLinks(source: string): string[] {
  const links: string[] = [];
  for (const token of tokensOf(source)) {
    const found =
      token.type === 'link_open'
        ? token.attrGet('href')
        : token.type === 'image'
          ? token.attrGet('src')
          : null;
    const href = found === null ? null : String(found);
    if (href && !/^([a-z][a-z0-9+.-]*:|\/)/i.test(href)) links.push(href);
  }
  return links;
}

/** The repository's top folders (a code span naming a path in one of them names a file of the repository). */
const TOP_FOLDERS = new Set(
  REPOSITORY_FILES.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!),
);
/** Every file's name: a code span naming a file without its folder names one of these. */
const FILE_NAMES = new Set(REPOSITORY_FILES.map((file) => file.split('/').pop()!));

/**
 * A file's name as the docs write one without its folder: a source, style, rules or document file (not a .json: the
 * docs name the bucket's and the generated ones too).
 */
const FILE_NAME = /^[\w.-]+\.(tsx?|mjs|js|scss|md|rules)$/;

/**
 * The repository files a Markdown text names in code spans: `paths`, a span of one word with a slash, from a top
 * folder or ./ or ../ (not a site's route, a bucket path or a glob), without a trailing :line or #anchor; `names`,
 * a file's name alone.
 */
export function codeSpanPaths(
  source: string,
  topFolders: ReadonlySet<string>,
): { paths: string[]; names: string[] } {
  const paths: string[] = [];
  const names: string[] = [];
  for (const token of tokensOf(source)) {
    if (token.type !== 'code_inline') continue;
    const span = token.content.trim().replace(/(:\d+)+$|#.*$/, '');
    const first = span.split('/')[0]!;
    if (FILE_NAME.test(span)) names.push(span);
    else if (
      /^[\w.@+-]+(\/[\w.@+-]*)+$/.test(span) &&
      (topFolders.has(first) || first === '.' || first === '..')
    )
      paths.push(span);
  }
  return { paths, names };
}

/** Why a link from `file` does not resolve, or undefined. */
function brokenLink(file: string, href: string): string | undefined {
  const [pathPart = '', fragment] = href.split('#');
  const path = decodeURIComponent(pathPart);
  const target = path ? resolve(ROOT, dirname(file), path) : join(ROOT, file);
  if (!target.startsWith(ROOT) || !existsSync(target)) return 'no such file';
  if (fragment === undefined || statSync(target).isDirectory() || !target.endsWith('.md')) return undefined;
  return headingAnchors(readFileSync(target, 'utf8')).has(decodeURIComponent(fragment))
    ? undefined
    : `no heading #${fragment} in ${relative(ROOT, target)}`;
}

describe('links in the Markdown files', () => {
  it('finds the docs', () => {
    expect(markdownFiles()).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'organiser/README.md']),
    );
  });

  it('every relative link resolves, to a heading where it names one', () => {
    const broken = markdownFiles().flatMap((file) =>
      relativeLinks(readFileSync(join(ROOT, file), 'utf8')).flatMap((href) => {
        const why = brokenLink(file, href);
        return why ? [`${file}: ${href} (${why})`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('every file named in a code span exists (a name alone: somewhere in the repository)', () => {
    const missing = markdownFiles().flatMap((file) => {
      const { paths, names } = codeSpanPaths(readFileSync(join(ROOT, file), 'utf8'), TOP_FOLDERS);
      return [
        ...paths.flatMap((path) => {
          const relativeToDoc = path.startsWith('./') || path.startsWith('../');
          const from = relativeToDoc ? resolve(ROOT, dirname(file), path) : resolve(ROOT, path);
          return existsSync(from) ? [] : [`${file}: \`${path}\``];
        }),
        ...names.filter((name) => !FILE_NAMES.has(name)).map((name) => `${file}: \`${name}\``),
      ];
    });
    expect(missing).toEqual([]);
  });

  it('reads the paths in code spans: a top folder’s or ./ and ../, not routes, bucket paths, globs or commands', () => {
    const source =
      'See `src/lib/use-load.ts`, `./rules.ts:12`, `../README.md#x`, `docs/`, `/members/search`,\n' +
      '`members/search/verified.json`, `src/**/*.test.ts`, `npm run size`, `e2e/<name>.spec.ts` and\n\n    `src/not/in/a/block.ts`';
    expect(
      codeSpanPaths(
        `\`captions.ts\` \`storage.rules\` \`faces.json\` ${source}`,
        new Set(['src', 'docs', 'e2e']),
      ),
    ).toEqual({
      paths: ['src/lib/use-load.ts', './rules.ts', '../README.md', 'docs/'],
      names: ['captions.ts', 'storage.rules'],
    });
  });

  it('reads links and anchors as GitHub does', () => {
    const source =
      "# The reunion's tense\n## `npm test`\n## Notes\n## Notes\n[a](docs/a.md) [b][b] `[c](c.md)`\n\n[b]: ../b.md#x\n[web](https://example.org) [mail](mailto:a@b.c) [page](/nb/home)";
    expect([...headingAnchors(source)]).toEqual(['the-reunions-tense', 'npm-test', 'notes', 'notes-1']);
    expect(relativeLinks(source)).toEqual(['docs/a.md', '../b.md#x']);
  });
});
