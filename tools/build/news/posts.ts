/**
 * The news posts, read from content/news (how the organisers write them: docs/content.md). Anything wrong (a post
 * without its other language, a missing or misspelt field, a date that is not a date) stops the build with a
 * message naming the file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { LOCALES, type Locale } from '../../../src/lib/locale-path.ts';

export const NEWS_FOLDER = 'content/news';

export interface NewsPost {
  locale: Locale;
  /** The last part of its address: /news/<slug>, /nb/news/<slug>. */
  slug: string;
  /** The post's folder and file, relative to the project (as the messages name them). */
  folder: string;
  file: string;
  title: string;
  /** Published, YYYY-MM-DD (the folder's date). */
  date: string;
  /** Last changed, YYYY-MM-DD: its `updated`, else its date. */
  updated: string;
  summary: string;
  /** Who wrote it, if the post names someone (else the feed and the page say: the organisers). */
  author?: string;
  /** The post itself, in Markdown (after the front matter). */
  markdown: string;
  /** The line of the file its Markdown starts on (1-based), for messages that name a line. */
  markdownLine: number;
}

/** What is wrong with the posts, one line per problem, each naming its file. */
export class NewsContentError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `news: ${problems.length === 1 ? 'a problem' : `${problems.length} problems`} in ${NEWS_FOLDER}:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
    this.name = 'NewsContentError';
  }
}

const FOLDER_NAME = /^(\d{4}-\d{2}-\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS = ['title', 'date', 'summary', 'author', 'updated'] as const;
const REQUIRED = ['title', 'date', 'summary'] as const;

export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The front matter and the Markdown after it; throws a message (without the file name) when there is none. */
export function splitFrontMatter(text: string): { data: unknown; markdown: string; markdownLine: number } {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(normalized);
  if (!match)
    throw new Error(
      'it must start with its front matter: a line "---", the fields (title, date, summary), a line "---"',
    );
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    throw new Error(`its front matter is not readable: ${(error as Error).message.split('\n')[0]}`);
  }
  const markdownLine = match[0].split('\n').length + (match[0].endsWith('\n') ? 0 : 1);
  return { data, markdown: normalized.slice(match[0].length), markdownLine };
}

/** The problems of one file's front matter (empty when it is right). */
export function frontMatterProblems(data: unknown, folderDate: string): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return ['its front matter must be fields written "name: value" (title, date, summary)'];
  const fields = data as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of Object.keys(fields))
    if (!(FIELDS as readonly string[]).includes(name))
      problems.push(`unknown field "${name}" (the fields are ${FIELDS.join(', ')})`);
  for (const name of REQUIRED)
    if (fields[name] === undefined || fields[name] === null) problems.push(`"${name}" is missing`);
  for (const name of ['title', 'summary', 'author'] as const) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !value.trim()) problems.push(`"${name}" must be text`);
  }
  for (const name of ['date', 'updated'] as const) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !isCalendarDate(value))
      problems.push(
        `"${name}" must be a date written YYYY-MM-DD (e.g. 2026-07-20), not ${JSON.stringify(value)}`,
      );
  }
  if (typeof fields.date === 'string' && isCalendarDate(fields.date) && fields.date !== folderDate)
    problems.push(`"date" is ${fields.date}, but the folder's name says ${folderDate}: make them the same`);
  if (typeof fields.updated === 'string' && isCalendarDate(fields.updated) && fields.updated < folderDate)
    problems.push(`"updated" (${fields.updated}) is before the post's date (${folderDate})`);
  return problems;
}

/**
 * Every post in every language, newest first (then by slug). Throws a NewsContentError listing every problem
 * found, each naming its file; a missing folder means no posts.
 */
export function readNewsPosts(root = '.', folder = NEWS_FOLDER): NewsPost[] {
  const base = join(root, folder);
  if (!existsSync(base)) return [];
  const problems: string[] = [];
  const posts: NewsPost[] = [];
  const slugs = new Map<string, string>();
  const name = (path: string) => relative(root, path).split('\\').join('/');
  for (const entry of readdirSync(base).sort()) {
    const dir = join(base, entry);
    if (entry.startsWith('.') || !statSync(dir).isDirectory()) continue;
    const match = FOLDER_NAME.exec(entry);
    if (!match || !isCalendarDate(match[1]!)) {
      problems.push(
        `${name(dir)}: a post's folder is named <yyyy-mm-dd>-<slug>, the slug in lowercase letters, digits and dashes (e.g. 2026-07-20-thank-you)`,
      );
      continue;
    }
    const [, date, slug] = match as unknown as [string, string, string];
    const other = slugs.get(slug);
    if (other) problems.push(`${name(dir)}: ${other} has the same slug "${slug}": each post needs its own`);
    slugs.set(slug, name(dir));
    for (const locale of LOCALES) {
      const file = join(dir, `${locale}.md`);
      if (!existsSync(file)) {
        problems.push(
          `${name(file)} is missing: every post is written in each language (${LOCALES.map((l) => `${l}.md`).join(' and ')})`,
        );
        continue;
      }
      let parts: ReturnType<typeof splitFrontMatter>;
      try {
        parts = splitFrontMatter(readFileSync(file, 'utf8'));
      } catch (error) {
        problems.push(`${name(file)}: ${(error as Error).message}`);
        continue;
      }
      const wrong = frontMatterProblems(parts.data, date);
      if (wrong.length) {
        problems.push(...wrong.map((line) => `${name(file)}: ${line}`));
        continue;
      }
      const fields = parts.data as Record<string, string | undefined>;
      posts.push({
        locale,
        slug,
        folder: name(dir),
        file: name(file),
        title: fields.title!.trim(),
        date,
        updated: fields.updated ?? date,
        summary: fields.summary!.trim().replace(/\s+/g, ' '),
        ...(fields.author ? { author: fields.author.trim() } : {}),
        markdown: parts.markdown,
        markdownLine: parts.markdownLine,
      });
    }
  }
  if (problems.length) throw new NewsContentError(problems);
  return posts.sort((a, b) =>
    a.date === b.date ? a.slug.localeCompare(b.slug) : b.date.localeCompare(a.date),
  );
}

/** The posts of one language, newest first. */
export function postsIn<Post extends NewsPost>(posts: readonly Post[], locale: Locale): Post[] {
  return posts.filter((post) => post.locale === locale);
}
