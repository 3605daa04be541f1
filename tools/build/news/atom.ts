/**
 * The news of one language as an Atom 1.0 feed (RFC 4287): /news/feed.xml and /nb/news/feed.xml, written at
 * build time (tools/build/prerender.ts) and served while developing (./vite-plugin.ts), one entry per post with
 * its address, its dates, its author (the organisers, unless the post names someone) and its HTML.
 * tools/build/news/atom.test.ts validates the result against the RFC's RELAX NG schema.
 */
import { REUNION_EVENT_UPDATED, REUNION_TIME_ZONE } from '../../../src/config/site.ts';
import { startOfDayIn } from '../../../src/lib/zoned-date.ts';

export interface FeedTexts {
  /** The feed's title, e.g. "News · Rolette Family Reunion 2026". */
  title: string;
  subtitle: string;
  /** The author of posts that name none. */
  organisers: string;
}

export interface FeedEntry {
  /** Its page, in full (https://...). */
  url: string;
  title: string;
  summary: string;
  /** Its HTML, every address in full. */
  html: string;
  /** YYYY-MM-DD */
  date: string;
  updated: string;
  author?: string;
}

export interface Feed {
  /** xml:lang: en, nb */
  lang: string;
  /** The feed's own address and the News page's, in full. */
  feedUrl: string;
  pageUrl: string;
  texts: FeedTexts;
  /** Newest first. */
  entries: readonly FeedEntry[];
}

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // Control characters (but tab and line ends) are not allowed in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

/** A post's day as an Atom date: the start of that day in Rolette (America/Chicago), in UTC. */
export function atomDate(date: string): string {
  return startOfDayIn(date, REUNION_TIME_ZONE)
    .toISOString()
    .replace(/\.000Z$/, 'Z');
}

export function atomFeed(feed: Feed): string {
  const updated = feed.entries.length
    ? atomDate(
        feed.entries
          .map((entry) => entry.updated)
          .sort()
          .at(-1)!,
      )
    : REUNION_EVENT_UPDATED.replace(/\.000Z$/, 'Z');
  const element = (name: string, text: string, attributes = '') =>
    `<${name}${attributes}>${escapeXml(text)}</${name}>`;
  const entries = feed.entries.map((entry) =>
    [
      '  <entry>',
      `    ${element('title', entry.title)}`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
      `    ${element('id', entry.url)}`,
      `    ${element('published', atomDate(entry.date))}`,
      `    ${element('updated', atomDate(entry.updated))}`,
      `    <author>${element('name', entry.author ?? feed.texts.organisers)}</author>`,
      `    ${element('summary', entry.summary)}`,
      `    ${element('content', entry.html, ' type="html"')}`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.lang)}">`,
    `  ${element('title', feed.texts.title)}`,
    `  ${element('subtitle', feed.texts.subtitle)}`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>`,
    `  ${element('id', feed.feedUrl)}`,
    `  ${element('updated', updated)}`,
    `  <author>${element('name', feed.texts.organisers)}</author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
