/**
 * A news post's Markdown as HTML, at build time, with markdown-it: raw HTML in a post is shown as text, never
 * passed on (html: false), so a post cannot add scripts, styles or frames to the page. Headings, paragraphs,
 * lists, emphasis, links, quotes and pictures; quotation marks curl the way each language writes them.
 *
 * The post's title is its page's heading (h1): a post's own headings start at ## (h2), and a "#" heading stops
 * the build. Pictures are files in the post's folder, each with a description (its alt text), replaced by the
 * optimised copies of ./images.ts with their sizes (no layout shift while they load).
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import markdownItFactory, { type MarkdownIt, type StateCore, type Token } from 'markdown-it';
import { noBreakInRanges } from '../../../src/lib/format.ts';
import type { Locale } from '../../../src/lib/locale-path.ts';
import { newsImage, type NewsImage } from './images.ts';
import type { NewsPost } from './posts.ts';

const QUOTES: Record<Locale, string> = { en: '“”‘’', nb: '«»‘’' };

const renderers = new Map<Locale, MarkdownIt>();
function markdownIt(locale: Locale): MarkdownIt {
  let md = renderers.get(locale);
  if (!md) {
    md = markdownItFactory({ html: false, linkify: false, typographer: true, quotes: QUOTES[locale] });
    // A range of numbers never breaks after its dash ("10.–" / "12. juli"): a word joiner after it.
    md.core.ruler.push('no_break_in_ranges', (state: StateCore) => {
      for (const token of allTokens(state.tokens))
        if (token.type === 'text') token.content = noBreakInRanges(token.content);
    });
    renderers.set(locale, md);
  }
  return md;
}

export interface RenderedPost {
  /** The HTML of the post's page (addresses of the site written from its root, e.g. /news/...). */
  html: string;
  /** The same with every address in full (https://...), for feed readers. */
  feedHtml: string;
  images: NewsImage[];
}

/** Every token, inline children included, in document order. */
function* allTokens(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.children) yield* allTokens(token.children);
  }
}

function attr(token: Token, name: string): string {
  return String(token.attrGet(name) ?? '');
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** The file a picture's address names inside the post's folder, or a problem. */
function pictureFile(root: string, post: NewsPost, src: string): { file: string } | { problem: string } {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('/'))
    return {
      problem: `the picture "${src}" is not in the post's folder: keep pictures beside the post and write just the file name, e.g. ![The capsule](capsule.jpg)`,
    };
  const folder = join(root, post.folder);
  const file = normalize(join(folder, decoded(src.split(/[?#]/)[0]!)));
  if (relative(folder, file).startsWith(`..${sep}`) || !existsSync(file) || !statSync(file).isFile())
    return { problem: `the picture "${src}" is not in ${post.folder}` };
  return { file };
}

/**
 * Renders a post. Throws an Error listing the problems (each to be prefixed with the file's name by the caller)
 * when a heading or a picture is not as a post needs it.
 */
export async function renderPost(post: NewsPost, siteUrl: string, root = '.'): Promise<RenderedPost> {
  const md = markdownIt(post.locale);
  const problems: string[] = [];
  const pictures = new Map<string, Promise<NewsImage>>();
  for (const token of allTokens(md.parse(post.markdown, {}))) {
    if (token.type === 'heading_open' && token.tag === 'h1')
      problems.push(
        `line ${(token.map?.[0] ?? 0) + post.markdownLine}: a "#" heading: the title is the page's heading, so start the post's own headings with "##"`,
      );
    if (token.type !== 'image') continue;
    const src = attr(token, 'src');
    if (!token.content.trim())
      problems.push(
        `the picture "${src}" has no description: write what it shows between the brackets, ![like this](${src}), for those who cannot see it`,
      );
    const found = pictureFile(root, post, src);
    if ('problem' in found) problems.push(found.problem);
    else if (!pictures.has(src)) pictures.set(src, newsImage(found.file, post.slug));
  }
  let images: NewsImage[];
  try {
    images = await Promise.all(pictures.values());
  } catch (error) {
    problems.push(`a picture cannot be read (${(error as Error).message})`);
    images = [];
  }
  if (problems.length) throw new Error(problems.join('\n'));
  const bySrc = new Map([...pictures.keys()].map((src, index) => [src, images[index]!]));

  const render = (prefix: string) => {
    const tokens = md.parse(post.markdown, {});
    for (const token of allTokens(tokens)) {
      if (token.type === 'image') {
        const image = bySrc.get(attr(token, 'src'))!;
        token.attrSet('src', `${prefix}${image.url}`);
        token.attrSet('width', String(image.width));
        token.attrSet('height', String(image.height));
        token.attrSet('loading', 'lazy');
        token.attrSet('decoding', 'async');
      } else if (token.type === 'link_open' && prefix) {
        const href = attr(token, 'href');
        if (href.startsWith('/') && !href.startsWith('//')) token.attrSet('href', `${prefix}${href}`);
      }
    }
    return md.renderer.render(tokens, md.options, {});
  };
  return { html: render(''), feedHtml: render(siteUrl), images };
}
