/**
 * Every relative link in the repository's Markdown resolves: to a file or folder that exists and, with a #fragment,
 * to a heading of that Markdown file (GitHub's anchors). Links are read with markdown-it, as a reader's renderer
 * sees them: reference links count, anything in code does not.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const markdown = new MarkdownIt();

/** The Markdown files git knows of, tracked or new (not ignored): what a reader of the repository sees. */
function markdownFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\n').filter((file) => file && existsSync(join(ROOT, file)));
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
  const walk = (tokens: ReturnType<typeof markdown.parse>) => {
    for (const token of tokens) {
      const found =
        token.type === 'link_open'
          ? token.attrGet('href')
          : token.type === 'image'
            ? token.attrGet('src')
            : null;
      const href = found === null ? null : String(found);
      if (href && !/^([a-z][a-z0-9+.-]*:|\/)/i.test(href)) links.push(href);
      if (token.children) walk(token.children);
    }
  };
  walk(markdown.parse(source, {}));
  return links;
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

  it('reads links and anchors as GitHub does', () => {
    const source =
      "# The reunion's tense\n## `npm test`\n## Notes\n## Notes\n[a](docs/a.md) [b][b] `[c](c.md)`\n\n[b]: ../b.md#x\n[web](https://example.org) [mail](mailto:a@b.c) [page](/nb/home)";
    expect([...headingAnchors(source)]).toEqual(['the-reunions-tense', 'npm-test', 'notes', 'notes-1']);
    expect(relativeLinks(source)).toEqual(['docs/a.md', '../b.md#x']);
  });
});
