/**
 * The archive's index in one language: an HTML page that opens from the folder in any browser, with no script, no
 * style sheet and nothing from the network (a browser of 2076 may have no JavaScript as we know it, and the site
 * will be gone). It lists and links every file: the members' files by section and group, the named pictures with
 * every face's name, the relatives' photos with their captions, and the site's pages.
 *
 * Every text is escaped as it is written (names and captions are what relatives typed); links are relative paths,
 * each segment encoded.
 */
import { ARCHIVE_STYLE, indexPath, relativeHref } from '../../../admin/archive/public-pages.ts';
import { escapeHtml } from '../../../src/lib/escape-html.ts';
import type { CatalogueEntry } from '../../../src/domain/catalogue.ts';
import { titleOf } from '../../../src/domain/catalogue.ts';
import { REUNION_TIME_ZONE } from '../../../src/config/site.ts';
import { formatBytes } from '../../../src/lib/format-sizes.ts';
import { LOCALES, type Locale } from '../../../src/lib/locale-path.ts';
import { m } from '../../../src/paraglide/messages.js';
import { type ArchiveModel, type ArchivedPicture } from './model.ts';
import { ARCHIVE_TEXTS, type ArchiveTexts } from './texts.ts';

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', nb: 'nb-NO' };

/** A day as people read it in the language, in Rolette's time ("November 27, 2026", "27. november 2026"). */
export function dayText(when: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'long',
    timeZone: REUNION_TIME_ZONE,
  }).format(when);
}

/** A moment in Rolette's time, to the minute. */
export function momentText(when: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: REUNION_TIME_ZONE,
  }).format(when);
}

const SECTION_TITLES: Record<CatalogueEntry['section'], (locale: Locale) => string> = {
  documents: (locale) => m.members_section_documents({}, { locale }),
  images: (locale) => m.members_section_images({}, { locale }),
  'educational-materials': (locale) => m.members_section_educational({}, { locale }),
};

/** The whole index page of one language. */
export function indexPage(model: ArchiveModel, locale: Locale): string {
  const t = ARCHIVE_TEXTS[locale];
  const here = indexPath(locale);
  const link = (to: string, text: string) => `<a href="${escapeHtml(relativeHref(here, to))}">${text}</a>`;
  const other = LOCALES.find((l) => l !== locale)!;
  const sections = [
    { id: 'files', title: t.filesHeading, body: filesSection(model, locale, t, link) },
    { id: 'who-is-who', title: t.namesHeading, body: namesSection(model.pictures, locale, t, link) },
    { id: 'photos', title: t.photosHeading, body: photosSection(model, locale, t, link) },
    { id: 'pages', title: t.pagesHeading, body: pagesSection(model, locale, t, link) },
  ];
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>${ARCHIVE_STYLE}</style>
</head>
<body>
<header>
<p lang="${other}">${link(indexPath(other), escapeHtml(t.otherLanguage))}</p>
</header>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro(dayText(model.made, locale)))}</p>
<p><strong>${escapeHtml(t.livingPeople)}</strong></p>
<p>${escapeHtml(t.readme)}</p>
<nav aria-labelledby="contents-heading">
<h2 id="contents-heading">${escapeHtml(t.contents)}</h2>
<ul>
${sections.map(({ id, title }) => `<li><a href="#${id}">${escapeHtml(title)}</a></li>`).join('\n')}
</ul>
</nav>
${sections
  .map(
    ({ id, title, body }) =>
      `<section aria-labelledby="${id}">\n<h2 id="${id}">${escapeHtml(title)}</h2>\n${body}</section>`,
  )
  .join('\n')}
</main>
</body>
</html>
`;
}

type Link = (to: string, text: string) => string;

function filesSection(model: ArchiveModel, locale: Locale, t: ArchiveTexts, link: Link): string {
  const parts = [`<p>${escapeHtml(t.filesIntro)}</p>\n`];
  const sections = [...new Set(model.files.map((file) => file.entry.section))];
  for (const section of sections) {
    parts.push(`<h3>${escapeHtml(SECTION_TITLES[section](locale))}</h3>\n`);
    const inSection = model.files.filter((file) => file.entry.section === section);
    for (const group of [...new Set(inSection.map((file) => file.entry.group))]) {
      parts.push(`<h4>${escapeHtml(group.title({}, { locale }))}</h4>\n<ul>\n`);
      for (const file of inSection.filter((f) => f.entry.group === group)) {
        const facts = [t.formats[file.entry.kind], formatBytes(file.size, locale)];
        if (file.entry.approvalOnly) facts.push(t.approvalOnly);
        parts.push(
          `<li>${link(file.path, escapeHtml(titleOf(file.entry, locale)))} (${escapeHtml(facts.join(', '))})</li>\n`,
        );
      }
      parts.push('</ul>\n');
    }
  }
  return parts.join('');
}

function namesSection(
  pictures: readonly ArchivedPicture[],
  locale: Locale,
  t: ArchiveTexts,
  link: Link,
): string {
  const parts = [`<p>${escapeHtml(t.namesIntro)}</p>\n`];
  for (const picture of pictures) {
    const title = escapeHtml(titleOf(picture.entry, locale));
    parts.push(
      `<h3>${title}</h3>\n<ul>\n` +
        (picture.picturePath
          ? `<li>${link(picture.picturePath, escapeHtml(t.pictureWithNames))}</li>\n`
          : '') +
        `<li>${link(picture.csvPath, escapeHtml(t.namesCsv))}</li>\n</ul>\n`,
    );
    const faces = [...picture.faces.faces].sort((a, b) => a.number - b.number);
    if (!faces.some((face) => face.name)) {
      parts.push(`<p>${escapeHtml(t.noFacesNamed)}</p>\n`);
      continue;
    }
    parts.push(
      `<table>\n<caption>${title}</caption>\n<thead><tr><th scope="col">${escapeHtml(t.number)}</th>` +
        `<th scope="col">${escapeHtml(t.row)}</th><th scope="col">${escapeHtml(t.name)}</th>` +
        `<th scope="col">${escapeHtml(t.note)}</th></tr></thead>\n<tbody>\n`,
    );
    for (const face of faces) {
      parts.push(
        `<tr><td>${face.number}</td><td>${face.row ?? ''}</td>` +
          `<td>${face.name ? `<bdi>${escapeHtml(face.name)}</bdi>` : `<i>${escapeHtml(t.noName)}</i>`}</td>` +
          `<td>${face.note ? `<bdi>${escapeHtml(face.note)}</bdi>` : ''}</td></tr>\n`,
      );
    }
    parts.push('</tbody>\n</table>\n');
  }
  return parts.join('');
}

function photosSection(model: ArchiveModel, locale: Locale, t: ArchiveTexts, link: Link): string {
  if (!model.photos.length) return `<p>${escapeHtml(t.noPhotos)}</p>\n`;
  const parts = [
    `<p>${escapeHtml(t.photosIntro(model.photos.length))}</p>\n<table>\n<caption>${escapeHtml(t.photosHeading)}</caption>\n` +
      `<thead><tr><th scope="col">${escapeHtml(t.photo)}</th><th scope="col">${escapeHtml(t.caption)}</th>` +
      `<th scope="col">${escapeHtml(t.takenAt)}</th><th scope="col">${escapeHtml(t.sharedBy)}</th></tr></thead>\n<tbody>\n`,
  ];
  for (const photo of model.photos) {
    const { caption, takenAt, uploaderName } = photo.details;
    const taken = new Date(takenAt);
    parts.push(
      `<tr><td>${link(photo.path, escapeHtml(photo.photoId))}</td>` +
        `<td>${caption ? `<bdi>${escapeHtml(caption)}</bdi>` : ''}</td>` +
        `<td>${Number.isNaN(taken.getTime()) ? '' : `<time datetime="${escapeHtml(takenAt)}">${escapeHtml(momentText(taken, locale))}</time>`}</td>` +
        `<td>${uploaderName ? `<bdi>${escapeHtml(uploaderName)}</bdi>` : escapeHtml(t.aRelative)}</td></tr>\n`,
    );
  }
  parts.push('</tbody>\n</table>\n');
  return parts.join('');
}

function pagesSection(model: ArchiveModel, locale: Locale, t: ArchiveTexts, link: Link): string {
  const pages = model.pages.filter((page) => page.locale === locale);
  const list = (kind: 'page' | 'news') =>
    `<ul>\n${pages
      .filter((page) => page.kind === kind)
      .map((page) => `<li>${link(page.path, escapeHtml(page.title))}</li>\n`)
      .join('')}</ul>\n`;
  return (
    `<p>${escapeHtml(t.pagesIntro)}</p>\n${list('page')}` +
    (pages.some((page) => page.kind === 'news')
      ? `<h3>${escapeHtml(t.newsHeading)}</h3>\n${list('news')}`
      : '')
  );
}
