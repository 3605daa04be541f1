/**
 * The website's public pages and news posts, in both languages, for the family archive: each page's text as the
 * site showed it, in a small standalone HTML document that opens from a folder in any browser, in 2076 too. No
 * script, nothing fetched (no stylesheet, font, picture or map), and the links between archived pages made
 * relative, so that they keep working from a USB stick or an unpacked zip; a link to anything the archive does
 * not hold (the sign-in page, the members area, the news feed) becomes plain text, as it would lead nowhere.
 *
 * The source is the built site (dist/, `npm run build`): its build-time HTML is what visitors were shown, in both
 * languages, without running the site's code. Which pages is the site's own list (src/config/pages.ts): the public
 * pages, not the sign-in page (a widget, no text) nor the members' pages (they have no build-time HTML, and the
 * archive holds their files itself). The news posts are the ones the build wrote (dist/news/<slug>.html), so the
 * archive holds exactly what was published.
 *
 * Where each page goes, below the archive's data/ folder: pages/en/about.html, pages/nb/news/thank-you.html; each
 * links back to its language's index (data/index.html, data/nb/index.html), which the archive command writes.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import { PAGE_LIST, pageAt, pagePath, type Page, type PlainPage } from '../../src/config/pages.ts';
import { delocalizePath, LOCALES, prefixOf, type Locale } from '../../src/lib/locale-path.ts';

/**
 * jsdom is a CommonJS package without type declarations here (no @types/jsdom): required, and typed by the little
 * of it this file uses. Its window is a browser's DOM, so the DOM's own types (lib "DOM") describe the rest.
 */
interface Jsdom {
  window: Window & typeof globalThis;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html?: string) => Jsdom;
};

export interface ArchivedPage {
  locale: Locale;
  /** The site's address, e.g. /nb/about */
  address: string;
  /** Its path inside the archive's data/ folder, e.g. "pages/nb/about.html", "pages/en/news/thank-you.html" */
  path: string;
  /** The page's title (its <h1> text, else <title>) */
  title: string;
  /** 'page' or 'news' */
  kind: 'page' | 'news';
  /** A news post's date (YYYY-MM-DD, the date it shows under its title), for listing the posts newest first. */
  date?: string;
  /** A complete standalone HTML5 document, UTF-8 */
  html: string;
}

/** What one page's cleaning needs to know about the archive around it. */
export interface PageContext {
  locale: Locale;
  /** The page's address on the site: /nb/about. */
  address: string;
  /** Its path below data/: pages/nb/about.html. */
  path: string;
  /** Every archived page: its address on the site, and its path below data/. */
  archived: ReadonlyMap<string, string>;
  /** The site's origin, https://example.org; else the one the page's canonical link names. */
  siteUrl?: string;
  /** Ids on this page that other archived pages link to (they keep them). */
  linkedIds?: ReadonlySet<string>;
  /** The source file, for messages. */
  file?: string;
}

/** A cleaned page, and the places on other archived pages it links to (their ids must stay). */
export interface CleanedPage {
  title: string;
  html: string;
  /** The first date the content shows (a <time datetime>), YYYY-MM-DD. */
  date?: string;
  linksTo: { path: string; id: string }[];
}

/** The header line, in the page's language (a Norwegian page says it in Norwegian, as its lang says). */
const HEADER_TEXTS: Record<Locale, { copyOf: string; back: string }> = {
  en: { copyOf: 'archived copy of', back: 'Back to the index' },
  nb: { copyOf: 'arkivert kopi av', back: 'Tilbake til oversikten' },
};

/**
 * Plain readable text in any browser: the site's own stylesheet is not needed, and would need fetching. The archive's
 * indexes use it too. Links standing alone in a list or a table are 24 px high at least (WCAG 2.5.8, target size).
 */
export const ARCHIVE_STYLE = `
body { font-family: Georgia, "Times New Roman", serif; line-height: 1.5; max-width: 42em; margin: 2em auto; padding: 0 1em; color: #1a1a1a; background: #fff; }
header { font-family: system-ui, sans-serif; font-size: 0.9em; color: #555; border-bottom: 1px solid #ccc; margin-bottom: 1.5em; }
h1, h2, h3 { line-height: 1.25; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
li { margin: 0.25em 0; }
li > a, td > a { display: inline-block; min-height: 24px; line-height: 24px; }
`;

/**
 * Removed with everything in them: code, forms and their controls, and embedded things that either run code or
 * fetch from the network (the map's iframe, pictures, video), none of which would work from a folder in 2076.
 */
const REMOVED = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'video',
  'audio',
  'canvas',
  'map',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'dialog',
];

/** The archive's index of a language, below data/: index.html, nb/index.html. */
export function indexPath(locale: Locale): string {
  return posix.join(prefixOf(locale).slice(1), 'index.html');
}

/** Where a page goes below data/: /about -> pages/en/about.html, /nb/news/x -> pages/nb/news/x.html. */
export function archivePath(address: string, locale: Locale): string {
  return posix.join('pages', locale, `${delocalizePath(address).slice(1)}.html`);
}

/** The href that leads from one file below data/ to another: pages/en/about.html -> index.html is ../../index.html. */
export function relativeHref(from: string, to: string): string {
  const relative = from === to ? posix.basename(to) : posix.relative(posix.dirname(from), to);
  // Encoded segment by segment: a file URL reads % and # as a URL does (the site's slugs need none of it).
  return relative
    .split('/')
    .map((segment) => (segment === '..' ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** Where a link leads, seen from the archive. */
export type LinkTarget =
  /** A web or e-mail address, kept as written. */
  | { kind: 'external'; href: string }
  /** A place on this page. */
  | { kind: 'here'; id: string }
  /** An archived page (maybe this one), and a place on it. */
  | { kind: 'page'; path: string; id?: string }
  /** Nothing the archive can link to: the link becomes its text. */
  | { kind: 'none' };

/** Stands for the site's origin when neither the caller nor the page names it (never written anywhere). */
const UNKNOWN_ORIGIN = 'https://site.invalid';

/** Where an href of an archived page leads (pure). */
export function linkTarget(href: string, context: PageContext): LinkTarget {
  const written = href.trim();
  // An empty href is the page itself: nothing to follow.
  if (!written) return { kind: 'none' };
  if (written.startsWith('#')) {
    const id = fragmentId(written);
    return id ? { kind: 'here', id } : { kind: 'none' };
  }
  const site = new URL(context.siteUrl ?? UNKNOWN_ORIGIN);
  let url: URL;
  try {
    url = new URL(written, new URL(context.address, site));
  } catch {
    return { kind: 'none' };
  }
  // By the parsed scheme, not the text: the URL parser drops tabs and newlines ("java\nscript:" is javascript:).
  if (url.protocol === 'mailto:') return { kind: 'external', href: written };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin !== site.origin) {
    // "//host/x" would become file://host/x from a folder: written out whole.
    return { kind: 'external', href: /^https?:/i.test(written) ? written : url.href };
  }
  // The site's own address, written as the site links (/news) or as a visitor could (/news/, /news.html: the
  // hosting's clean URLs answer both).
  const path = safelyDecoded(url.pathname)
    .replace(/\/+$/, '')
    .replace(/\.html$/, '');
  const target = context.archived.get(path);
  if (!target) return { kind: 'none' };
  const id = fragmentId(url.hash);
  return id ? { kind: 'page', path: target, id } : { kind: 'page', path: target };
}

/** The id a fragment (#when-heading) names, decoded as browsers do; undefined for none or an empty one. */
function fragmentId(hash: string): string | undefined {
  const raw = hash.replace(/^#/, '');
  return raw ? safelyDecoded(raw) : undefined;
}

/** Percent-decoded; as written where that is not possible (a stray %, as browsers leave it). */
function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * One built page (its HTML as dist/ holds it) as a standalone document for the archive (pure: the same page and
 * context give the same document). Throws, naming the file, when the page has no <main>.
 */
export function archivePage(source: string, context: PageContext): CleanedPage {
  const page = new JSDOM(source).window.document;
  const main = page.querySelector('main#main') ?? page.querySelector('main');
  if (!main)
    throw new Error(
      `${context.file ?? context.address}: no <main> element, so no page content to archive. Is it a page of the built site (npm run build)?`,
    );
  const siteUrl = context.siteUrl ?? siteUrlOf(page);
  const pageContext = { ...context, siteUrl };
  const { content, linksTo } = cleanContent(main, pageContext);
  const headTitle = normalText(page.querySelector('head > title')?.textContent ?? '');
  const h1 = normalText(content.querySelector('h1')?.textContent ?? '');
  const title = h1 || headTitle || context.address;
  const siteName = siteNameOf(page, headTitle);
  const lang = page.documentElement.getAttribute('lang')?.trim() || context.locale;

  // The new document in the same window (a second window would take as long again to make).
  const doc = page.implementation.createHTMLDocument();
  const element = <K extends keyof HTMLElementTagNameMap>(name: K, text?: string) => {
    const made = doc.createElement(name);
    if (text !== undefined) made.textContent = text;
    return made;
  };
  // Line breaks between the parts: the file stays readable in a text editor.
  const lines = (parent: Element, children: Node[]) => {
    for (const child of children) parent.append('\n', child);
    parent.append('\n');
  };
  doc.documentElement.setAttribute('lang', lang);
  const charset = element('meta');
  charset.setAttribute('charset', 'utf-8');
  const viewport = element('meta');
  viewport.setAttribute('name', 'viewport');
  viewport.setAttribute('content', 'width=device-width, initial-scale=1');
  lines(doc.head, [
    charset,
    viewport,
    element('title', headTitle || (siteName ? `${title} · ${siteName}` : title)),
    element('style', ARCHIVE_STYLE),
  ]);

  const texts = HEADER_TEXTS[context.locale];
  const header = element('header');
  const line = element('p');
  const back = element('a', texts.back);
  back.setAttribute('href', relativeHref(context.path, indexPath(context.locale)));
  // The address as text, not a link: in 2076 the site is gone, and its domain may be someone else's.
  const address = siteUrl ? `${siteUrl}${context.address}` : context.address;
  line.append(`${siteName ? `${siteName} · ` : ''}${texts.copyOf} ${address} · `, back);
  header.append(line);
  const newMain = element('main');
  newMain.append(...Array.from(content.childNodes, (node) => doc.importNode(node, true)));
  lines(doc.body, [header, newMain]);

  const date = content
    .querySelector('time[datetime]')
    ?.getAttribute('datetime')
    ?.match(/^\d{4}-\d{2}-\d{2}/)?.[0];
  return {
    title,
    // The HTML serialisation escapes every text and attribute value: nothing of the page is written out as markup
    // except the elements this cleaning kept.
    html: `<!DOCTYPE html>\n${doc.documentElement.outerHTML}\n`,
    ...(date ? { date } : {}),
    linksTo,
  };
}

/**
 * The content of <main>, cleaned in place: what a person reads stays, as text and its structure (headings, lists,
 * tables, emphasis, links that still lead somewhere); what only worked on the live site goes.
 */
function cleanContent(
  main: Element,
  context: PageContext,
): { content: Element; linksTo: CleanedPage['linksTo'] } {
  const view = main.ownerDocument.defaultView!;
  const all = (selector: string) => Array.from(main.querySelectorAll(selector));
  const nodes = (what: number) => {
    const walker = main.ownerDocument.createTreeWalker(main, what);
    const found: Node[] = [];
    while (walker.nextNode()) found.push(walker.currentNode);
    return found;
  };

  // React's markers (<!--$-->, <!-- -->) and any other comment: nobody reads them.
  for (const comment of nodes(view.NodeFilter.SHOW_COMMENT)) comment.parentNode?.removeChild(comment);

  // What people do not see, or what is not true any more. aria-hidden parts are the alternatives the page hides
  // (the members' wording of a sentence, beside the one visitors read) and decorations; hidden="until-found" is
  // collapsed text a search finds, so it stays. Screen-reader-only text stays too (it is written to be read, and
  // often stands for a picture the archive leaves out), except the note that a link opens a new tab: the archive's
  // links open in place.
  for (const element of all('[hidden], [aria-hidden], [style]')) {
    const style = element.getAttribute('style') ?? '';
    if (
      (element.hasAttribute('hidden') && element.getAttribute('hidden') !== 'until-found') ||
      element.getAttribute('aria-hidden')?.toLowerCase() === 'true' ||
      /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)
    )
      element.remove();
  }
  for (const note of all('a[target] .visually-hidden')) {
    if (note.closest('a')?.getAttribute('target')?.toLowerCase() !== '_self') note.remove();
  }

  // A picture becomes its description, when it has one (an empty alt marks a decoration).
  for (const picture of [...all('picture'), ...all('img')]) {
    if (!picture.isConnected) continue;
    const image = picture.localName === 'img' ? picture : picture.querySelector('img');
    const alt = image?.getAttribute('alt')?.trim();
    picture.replaceWith(...(alt ? [alt] : []));
  }
  for (const element of all(REMOVED.join(', '))) element.remove();

  // Links: to an archived page, relative; web and e-mail addresses as written; anything else becomes its text.
  const ids = new Set(all('[id]').map((element) => element.id));
  const linkedHere = new Set(context.linkedIds ?? []);
  const linksTo: CleanedPage['linksTo'] = [];
  for (const link of all('a')) {
    const target = linkTarget(link.getAttribute('href') ?? '', context);
    if (target.kind === 'external') {
      link.setAttribute('href', target.href);
    } else if (target.kind === 'page' && target.path !== context.path) {
      if (target.id) linksTo.push({ path: target.path, id: target.id });
      link.setAttribute('href', `${relativeHref(context.path, target.path)}${fragment(target.id)}`);
    } else if ((target.kind === 'here' || target.kind === 'page') && target.id && ids.has(target.id)) {
      linkedHere.add(target.id);
      link.setAttribute('href', fragment(target.id));
    } else if (target.kind === 'page') {
      link.setAttribute('href', relativeHref(context.path, target.path));
    } else {
      // Nowhere to go (or a place on this page the archive left out).
      unwrap(link);
    }
  }

  // Attributes: only what carries meaning without the site's stylesheet and code. An id stays where a link leads
  // to it, once (a second element with the same id would be invalid HTML).
  const keptIds = new Set<string>();
  for (const element of all('*')) {
    for (const { name, value } of Array.from(element.attributes)) {
      let keep: boolean;
      if (name === 'id') {
        keep = linkedHere.has(value) && !keptIds.has(value);
        if (keep) keptIds.add(value);
      } else keep = keepsAttribute(element.localName, name, value);
      if (!keep) element.removeAttribute(name);
    }
  }

  for (const text of nodes(view.NodeFilter.SHOW_TEXT) as Text[]) {
    const normal = text.data.normalize('NFC');
    if (normal !== text.data) text.data = normal;
  }

  // What is left of the layout: wrappers that say nothing (a span without attributes) go, and so do empty boxes.
  // A <time> without its datetime must hold a date to be valid HTML: it becomes its text.
  for (const element of all('span, time, div').reverse()) {
    if (element.localName === 'div') {
      if (!element.firstElementChild && !element.textContent?.trim()) element.remove();
    } else if (element.attributes.length === 0) unwrap(element);
  }
  main.normalize();
  return { content: main, linksTo };
}

/** Whether an attribute other than id stays on an element of the archived content. */
function keepsAttribute(element: string, name: string, value: string): boolean {
  switch (name) {
    case 'lang':
      return true;
    case 'dir':
      return ['ltr', 'rtl', 'auto'].includes(value.toLowerCase());
    case 'href':
      return element === 'a';
    case 'colspan':
    case 'rowspan':
      return element === 'td' || element === 'th';
    case 'datetime':
      return element === 'time';
    // A list's numbering is part of its text ("3." goes on from an earlier list).
    case 'start':
    case 'reversed':
      return element === 'ol';
    default:
      return false;
  }
}

/** A fragment that leads to an id ('' for none). */
function fragment(id: string | undefined): string {
  return id ? `#${encodeURIComponent(id)}` : '';
}

/** The element's content in its place. */
function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

/** The site's origin, from the page's canonical link (what the build took as the site's address). */
function siteUrlOf(page: Document): string | undefined {
  const canonical = page.querySelector('link[rel~="canonical"]')?.getAttribute('href');
  if (!canonical) return undefined;
  try {
    return new URL(canonical).origin;
  } catch {
    return undefined;
  }
}

/** The site's name: Open Graph's site name, else what follows the last " · " of the title. */
function siteNameOf(page: Document, headTitle: string): string {
  const ogName = page.querySelector('meta[property="og:site_name"]')?.getAttribute('content');
  if (ogName?.trim()) return normalText(ogName);
  const parts = headTitle.split(' · ');
  return parts.length > 1 ? parts.at(-1)! : '';
}

/** Text as one line, in NFC. */
function normalText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().normalize('NFC');
}

/** An address of a public page, and what it is. */
interface PublicAddress {
  page: Page;
  locale: Locale;
  address: string;
  kind: ArchivedPage['kind'];
}

/**
 * The addresses of the public pages, language by language in the list's order (as the site's build walks them):
 * a plain page once per language; a page per news post for each post the build wrote in that language.
 */
async function publicAddresses(dist: string): Promise<PublicAddress[]> {
  const found: PublicAddress[] = [];
  for (const locale of LOCALES) {
    for (const definition of PAGE_LIST) {
      if (definition.access !== 'public') continue;
      if (!('path' in definition)) {
        const page: PlainPage = definition.name;
        found.push({ page, locale, address: pagePath(page, locale), kind: 'page' });
        continue;
      }
      // news/:slug -> the files in dist/news/ (dist/nb/news/), each checked to be such a page (feed.xml is not).
      const folder = join(dist, prefixOf(locale), definition.path.split('/:slug')[0]!);
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const name of names.sort()) {
        if (!name.endsWith('.html')) continue;
        const address: string = pagePath(definition.name, locale, { slug: name.slice(0, -'.html'.length) });
        if (pageAt(address)?.page === definition.name)
          found.push({ page: definition.name, locale, address, kind: 'news' });
      }
    }
  }
  return found;
}

/**
 * The public pages and news posts of the built site in `distFolder`, in both languages, each as a standalone
 * document for the archive: the pages in the site's order, English first; the news posts newest first, as the
 * site lists them. Throws when the site has not been built (or only partly), saying to run `npm run build`.
 */
export async function archivedPages(
  distFolder: string,
  options: { siteUrl?: string } = {},
): Promise<ArchivedPage[]> {
  const isFolder = await stat(distFolder).then(
    (found) => found.isDirectory(),
    () => false,
  );
  if (!isFolder)
    throw new Error(
      `The built site is not in ${distFolder}: run \`npm run build\` first (the archive takes the website's pages from it).`,
    );
  const addresses = await publicAddresses(distFolder);
  const archived = new Map(addresses.map(({ address, locale }) => [address, archivePath(address, locale)]));
  const siteUrl = options.siteUrl?.replace(/\/+$/, '');
  const pages: { kind: ArchivedPage['kind']; source: string; context: PageContext }[] = [];
  // One after the other: a missing page is then the first one of the list, the same one every time.
  for (const { locale, address, kind } of addresses) {
    // Where prerendering wrote it (tools/build/prerender.ts): /nb/about -> dist/nb/about.html.
    const file = join(distFolder, `${address}.html`);
    const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      throw new Error(
        `${file} is missing: the built site is incomplete or older than the site's list of pages. Run \`npm run build\` first.`,
        { cause: error },
      );
    });
    const context: PageContext = { locale, address, path: archived.get(address)!, archived, file };
    pages.push({ kind, source, context: siteUrl ? { ...context, siteUrl } : context });
  }

  // Cleaned once to learn which places each page links to on the others; a page others link into is cleaned
  // again keeping those ids (the only attributes that depend on another page).
  const first = pages.map(({ source, context }) => archivePage(source, context));
  const linkedIds = new Map<string, Set<string>>();
  for (const { path, id } of first.flatMap((page) => page.linksTo)) {
    linkedIds.set(path, (linkedIds.get(path) ?? new Set()).add(id));
  }
  const result = pages.map(({ kind, source, context }, index): ArchivedPage => {
    const ids = linkedIds.get(context.path);
    const { title, html, date } = ids ? archivePage(source, { ...context, linkedIds: ids }) : first[index]!;
    const { locale, address, path } = context;
    return { locale, address, path, title, kind, ...(kind === 'news' && date ? { date } : {}), html };
  });

  // Newest first, then by address (the site's order: tools/build/news/posts.ts), within each language.
  const newest = (a: ArchivedPage, b: ArchivedPage) =>
    (b.date ?? '').localeCompare(a.date ?? '') || a.address.localeCompare(b.address);
  return LOCALES.flatMap((locale) => {
    const inLocale = result.filter((page) => page.locale === locale);
    const news = inLocale.filter((page) => page.kind === 'news').sort(newest);
    // The posts take the place of their first one in the list (where the site's list has the news-post page).
    return inLocale.flatMap((page) =>
      page.kind !== 'news' ? [page] : page === inLocale.find((other) => other.kind === 'news') ? news : [],
    );
  });
}
